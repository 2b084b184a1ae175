import { type ApiToken, type ApiTokenLevel, type ApiTokenRequest, Role } from '@portal/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { MachineAccessService, MachineControl } from '../machine-access/machine-access.service.ts';
import type { ApiTokens } from './api-tokens.ts';
import { levelOf, mayHoldLevel } from './slicer-access.policy.ts';
import type { SlicerAccessRepository } from './slicer-access.repository.ts';

/** The user and machine a token lets a slicer reach, checked a moment ago. */
export interface SlicerGrant {
  userId: number;
  controllerId: number;
  level: ApiTokenLevel;
  /** Whether the token's user may change the machine (consent, docs/design.md §11). */
  control: MachineControl;
}

/**
 * Slicer tokens (docs/design.md §4): signed, never stored, one current generation per user and controller and
 * a per-user "revoked before" time. Both at creation and at every use the user must still be allowed in, may
 * still reach the machine (its business active, its licence valid) and, for full control, still be an
 * administrator.
 */
export class SlicerAccessService {
  readonly #repository: SlicerAccessRepository;
  readonly #tokens: ApiTokens;
  readonly #access: MachineAccessService;
  readonly #clock: Clock;

  constructor(
    repository: SlicerAccessRepository,
    tokens: ApiTokens,
    access: MachineAccessService,
    clock: Clock,
  ) {
    this.#repository = repository;
    this.#tokens = tokens;
    this.#access = access;
    this.#clock = clock;
  }

  /** A new token for the session's user and the controller; the user's earlier token for it stops working. */
  async create(session: SessionSubject, controllerId: number, request: ApiTokenRequest): Promise<ApiToken> {
    const level = levelOf(request);
    if (!mayHoldLevel(session, level)) {
      throw new AppError('FORBIDDEN', 'Only administrators may create full-control tokens');
    }
    await this.#access.reach(session, controllerId, 'customer');
    const generation = await this.#repository.nextGeneration(session.id, controllerId);
    const { token, expiresAt } = await this.#tokens.sign({
      userId: session.id,
      controllerId,
      level,
      generation,
    });
    return { api_token: token, level, expires_at: expiresAt };
  }

  async revokeAll(session: SessionSubject): Promise<void> {
    await this.#repository.revokeAll(session.id, this.#clock());
  }

  /**
   * The grant of a token presented for controller `controllerId` at URL level `level` (`'any'`: the OctoPrint
   * URL, which names none). Forged, expired, revoked
   * and replaced tokens are 401; a token for another machine or level, or whose user may no longer hold it, 403.
   */
  async authorize(token: string, controllerId: number, level: ApiTokenLevel | 'any'): Promise<SlicerGrant> {
    const claims = await this.#tokens.verify(token);
    if (claims.controllerId !== controllerId) {
      throw new AppError('FORBIDDEN', 'This token is for another machine');
    }
    if (level !== 'any' && claims.level !== level)
      throw new AppError('FORBIDDEN', 'This token is for another access level');
    const state = await this.#repository.findTokenState(claims.userId, controllerId);
    if (!state) throw new AppError('SESSION_ENDED', 'The user of this token no longer exists');
    const revoked =
      state.generation !== claims.generation ||
      (state.revokedBefore !== null && claims.issuedAt < state.revokedBefore.getTime());
    if (revoked) throw new AppError('SESSION_ENDED', 'This token was revoked or replaced by a newer one');
    if (!state.enabled) throw new AppError('ACCOUNT_DISABLED');
    const actor = { id: claims.userId, role: state.role as Role, business: state.businessId };
    if (!state.businessActive && actor.role !== Role.Administrator) throw new AppError('BUSINESS_SUSPENDED');
    if (!mayHoldLevel(actor, claims.level)) {
      throw new AppError('FORBIDDEN', 'Only administrators may use full-control tokens');
    }
    const { control } = await this.#access.reach(actor, controllerId, 'customer');
    return { userId: claims.userId, controllerId, level: claims.level, control };
  }
}
