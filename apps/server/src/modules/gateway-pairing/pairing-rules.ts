import { randomInt } from 'node:crypto';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH, PAIRING_CODE_TTL_MS } from '@portal/contract';
import { type WindowCount, windowWait } from '../../shared/window-counter.ts';

/**
 * The limits of pairing (docs/design.md §5d has the arithmetic): every count in a fixed window of ten minutes, as
 * long as a code lives.
 */
export const PAIRING_LIMITS = {
  windowMs: PAIRING_CODE_TTL_MS,
  /** Codes one address may ask for: a site installing a batch of machines behind one router, not a flood. */
  codesPerAddress: 20,
  /** Claims one user may try, right or wrong: more machines than anyone pairs in ten minutes. */
  claimsPerUser: 30,
  /** Claims from one address, over all its users. */
  claimsPerAddress: 60,
  /** Codes waiting to be claimed over the whole deployment: what a guess can hit at most. */
  liveCodes: 5_000,
  /** A claimed code stays readable this long after its expiry, for a gateway that asked just before it. */
  claimedGraceMs: PAIRING_CODE_TTL_MS,
} as const;

/** A fresh code: each character drawn uniformly from the alphabet by the system's cryptographic generator. */
export function newPairingCode(draw: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i += 1)
    code += PAIRING_CODE_ALPHABET[draw(PAIRING_CODE_ALPHABET.length)];
  return code;
}

export const pairingExpiry = (now: Date): Date => new Date(now.getTime() + PAIRING_CODE_TTL_MS);

/** Milliseconds until one more request is allowed under `limit`, or 0 when this one is within it. */
export const pairingWait = (count: WindowCount, limit: number, now: Date): number =>
  windowWait(count, limit, PAIRING_LIMITS.windowMs, now);

/**
 * The chance that one guess claims some live code, with the deployment at its cap of live codes: at most
 * liveCodes / 31^8 ≈ 5.9 × 10^-9.
 */
export const guessChance = (liveCodes: number = PAIRING_LIMITS.liveCodes): number =>
  liveCodes / PAIRING_CODE_ALPHABET.length ** PAIRING_CODE_LENGTH;
