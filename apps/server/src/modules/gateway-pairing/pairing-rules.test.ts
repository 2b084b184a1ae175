import {
  formatPairingCode,
  isPairingCode,
  normalizePairingCode,
  PAIRING_CODE_TTL_MS,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { guessChance, newPairingCode, PAIRING_LIMITS, pairingExpiry, pairingWait } from './pairing-rules.ts';

describe('pairing codes', () => {
  it('are 8 characters of an alphabet without 0, O, 1, I or L, shown in two groups', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = newPairingCode();
      expect(isPairingCode(code)).toBe(true);
      expect(code).not.toMatch(/[01OIL]/);
      expect(formatPairingCode(code)).toMatch(/^.{4}-.{4}$/);
    }
  });

  it('draw every character from the whole alphabet', () => {
    expect(newPairingCode(() => 0)).toBe('AAAAAAAA');
    expect(newPairingCode((max) => max - 1)).toBe('99999999');
  });

  it('read back as typed: any case, spaces and dashes', () => {
    expect(normalizePairingCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(normalizePairingCode('abcd efgh')).toBe('ABCDEFGH');
    expect(isPairingCode(normalizePairingCode('ABCD-EFG0'))).toBe(false);
    expect(isPairingCode('ABCDEFG')).toBe(false);
  });

  it('expire ten minutes after they are given', () => {
    const now = new Date('2026-01-05T10:00:00Z');
    expect(pairingExpiry(now).getTime() - now.getTime()).toBe(PAIRING_CODE_TTL_MS);
    expect(PAIRING_CODE_TTL_MS).toBe(10 * 60 * 1000);
  });
});

describe('pairing limits', () => {
  const start = new Date('2026-01-05T10:00:00Z');

  it('let requests through up to the limit, then say how long until the window ends', () => {
    expect(pairingWait({ requests: 20, windowStartedAt: start }, 20, start)).toBe(0);
    const later = new Date(start.getTime() + 4 * 60_000);
    expect(pairingWait({ requests: 21, windowStartedAt: start }, 20, later)).toBe(6 * 60_000);
  });

  it('make guessing infeasible within a code’s life', () => {
    // One administrator's claims in ten minutes, each hitting one of the deployment's live codes at best.
    const perWindow = PAIRING_LIMITS.claimsPerUser * guessChance();
    expect(guessChance()).toBeLessThan(1e-8);
    expect(perWindow).toBeLessThan(1e-6);
  });
});
