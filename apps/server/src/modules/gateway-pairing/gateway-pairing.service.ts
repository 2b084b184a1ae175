import {
  type ComputerController,
  formatPairingCode,
  type GatewayPackages,
  normalizePairingCode,
  type pairingClaimBodySchema,
} from '@portal/contract';
import type { PairingIssued, PairingRequest, PairingStatus } from '@portal/tunnel';
import type { z } from 'zod';
import { AppError, invalidField, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { gatewayKeyMatches } from '../controllers/gateway-key.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import { listGatewayPackages, openGatewayPackage } from './gateway-packages.ts';
import { canAddGateways } from './gateway-pairing.policy.ts';
import type { GatewayPairingRepository } from './gateway-pairing.repository.ts';
import { newPairingCode, PAIRING_LIMITS, pairingExpiry, pairingWait } from './pairing-rules.ts';

type ClaimBody = z.output<typeof pairingClaimBodySchema>;

/** What pairing needs of the controllers module (its service): who may manage a controller, and its key set. */
export interface PairingControllers {
  assertManageable(viewer: Viewer, id: number): Promise<void>;
  installGatewayKeyHash(viewer: Viewer, id: number, keyHash: string): Promise<ComputerController>;
}

/** Draws before giving up on a free code: with at most 5,000 live codes among 8.5 × 10^11, one draw nearly always does. */
const CODE_DRAWS = 5;

function tooManyRequests(waitMs: number, what: string): AppError {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError('TOO_MANY_REQUESTS', `Too many ${what}. Try again in ${seconds} seconds.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

/** What the gateway that asked for a code needs to find it again: never which of the three it was. */
const UNKNOWN_PAIRING = 'Pairing code';

/**
 * Pairing a gateway with a short code (docs/design.md §5d): codes for gateways without a key, limited per address
 * and over the deployment; claims by those who manage the controller, limited per user and per address; and the
 * gateway's question whether its code was claimed.
 */
export class GatewayPairingService {
  readonly #pairings: GatewayPairingRepository;
  readonly #controllers: PairingControllers;
  readonly #clock: Clock;
  readonly #packages: string | undefined;

  /** `packages`: the folder of the gateway's built packages (none: nothing to download). */
  constructor(
    pairings: GatewayPairingRepository,
    controllers: PairingControllers,
    clock: Clock,
    packages: string | undefined,
  ) {
    this.#pairings = pairings;
    this.#controllers = controllers;
    this.#clock = clock;
    this.#packages = packages;
  }

  /** The gateway's packages to download (those who add gateways). */
  async packages(viewer: Viewer): Promise<GatewayPackages> {
    if (!canAddGateways(viewer)) throw new AppError('FORBIDDEN');
    return listGatewayPackages(this.#packages);
  }

  /** One of those packages' bytes; a name not listed is 404. */
  async openPackage(viewer: Viewer, file: string) {
    if (!canAddGateways(viewer)) throw new AppError('FORBIDDEN');
    const opened = await openGatewayPackage(this.#packages, file);
    if (!opened) throw notFound('Gateway package');
    return opened;
  }

  /** A code for the key whose hash the gateway sent, valid ten minutes; 429 beyond the limits. */
  async issue(request: PairingRequest, address: string): Promise<PairingIssued> {
    const now = this.#clock();
    const wait = pairingWait(
      await this.#pairings.count(`issue:${address}`, now),
      PAIRING_LIMITS.codesPerAddress,
      now,
    );
    if (wait > 0) throw tooManyRequests(wait, 'pairing codes from this address');
    await this.#pairings.pruneExpired(now);
    if ((await this.#pairings.liveCodes(now)) >= PAIRING_LIMITS.liveCodes) {
      throw tooManyRequests(60_000, 'gateways waiting to be paired');
    }
    const expiresAt = pairingExpiry(now);
    for (let draw = 0; draw < CODE_DRAWS; draw += 1) {
      const code = newPairingCode();
      const stored = await this.#pairings.insert({
        code,
        keyHash: request.keyHash,
        address: address.slice(0, 100),
        createdAt: now,
        expiresAt,
      });
      if (stored) return { code: formatPairingCode(code), expiresAt: expiresAt.toISOString() };
    }
    throw new Error('no free pairing code after several draws');
  }

  /**
   * Whether the code was claimed, asked with the key whose hash asked for it: a code that is unknown, expired
   * unclaimed, or asked with another key is 404 alike.
   */
  async status(code: string, key: string): Promise<PairingStatus> {
    const now = this.#clock();
    const row = await this.#pairings.findByCode(normalizePairingCode(code));
    if (!row || !gatewayKeyMatches(row.keyHash, key)) throw notFound(UNKNOWN_PAIRING);
    if (row.claimedAt !== null && row.controllerId !== null && row.board !== null) {
      return { state: 'paired', controller: row.controllerId, board: row.board, webcam: row.webcam };
    }
    if (row.expiresAt <= now) throw notFound(UNKNOWN_PAIRING);
    return { state: 'waiting', expiresAt: row.expiresAt.toISOString() };
  }

  /**
   * Binds the gateway that shows `body.code` to the controller: its key becomes the controller's (the previous one
   * stops working) and the gateway learns its controller, board and webcam. Only who manages the controller may:
   * another business's is 404. Every claim counts against the limits, right or wrong; a code that is unknown,
   * expired or used is a field error.
   */
  async claim(
    viewer: Viewer,
    controllerId: number,
    body: ClaimBody,
    address: string,
  ): Promise<ComputerController> {
    await this.#controllers.assertManageable(viewer, controllerId);
    const now = this.#clock();
    const wait = Math.max(
      pairingWait(
        await this.#pairings.count(`claim-user:${viewer.id}`, now),
        PAIRING_LIMITS.claimsPerUser,
        now,
      ),
      pairingWait(
        await this.#pairings.count(`claim-address:${address}`, now),
        PAIRING_LIMITS.claimsPerAddress,
        now,
      ),
    );
    if (wait > 0) throw tooManyRequests(wait, 'pairing attempts');
    const keyHash = await this.#pairings.claim(
      body.code,
      { controllerId, board: body.board, webcam: body.webcam },
      now,
    );
    if (keyHash === undefined) {
      throw invalidField(
        'code',
        'invalid',
        'No gateway shows this code: it is mistyped, expired or already used',
      );
    }
    return this.#controllers.installGatewayKeyHash(viewer, controllerId, keyHash);
  }

  /** Forgets expired codes and counters (housekeeping). */
  pruneExpired(): Promise<void> {
    return this.#pairings.pruneExpired(this.#clock());
  }
}
