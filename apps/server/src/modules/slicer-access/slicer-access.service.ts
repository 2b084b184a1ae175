import {
  type ApiToken,
  type ApiTokenLevel,
  type ApiTokenRequest,
  Role,
  type SlicerDestination,
  type SlicerUrlSegment,
  slicerUrlSegment,
} from '@portal/contract';
import { AppError, invalidField } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { MachineAccessService, MachineControl } from '../machine-access/machine-access.service.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import type { ApiTokens } from './api-tokens.ts';
import { levelOf, mayHoldLevel } from './slicer-access.policy.ts';
import type { SlicerAccessRepository } from './slicer-access.repository.ts';

/** The user and machine a token lets a slicer reach, checked a moment ago. */
export interface SlicerGrant {
  userId: number;
  controllerId: number;
  level: ApiTokenLevel;
  /** Where the token's uploads land. */
  destination: SlicerDestination;
  /** The token's user as they are now, for the library and the queue. */
  actor: Viewer;
  /** The machine's business and machine group (null: a controller in no group). */
  businessId: number;
  machineGroupId: number | null;
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
    const destination = request.destination ?? { kind: 'machine' };
    const reach = await this.#access.reach(session, controllerId, 'customer');
    if (destination.kind === 'queue' && reach.machineGroupId === null) {
      throw invalidField('destination', 'invalidChoice', 'The machine is in no machine group to queue on');
    }
    const generation = await this.#repository.nextGeneration(session.id, controllerId);
    const { token, expiresAt } = await this.#tokens.sign({
      userId: session.id,
      controllerId,
      level,
      destination,
      generation,
    });
    return { api_token: token, level, destination, expires_at: expiresAt };
  }

  async revokeAll(session: SessionSubject): Promise<void> {
    await this.#repository.revokeAll(session.id, this.#clock());
  }

  /**
   * The grant of a token presented for controller `controllerId` under the Duet URL's `segment` (its level, or
   * `library`/`queue`; `'any'`: the OctoPrint URL, which names none). Forged, expired, revoked and replaced
   * tokens are 401; a token for another machine, level or destination, or whose user may no longer hold it, 403.
   */
  async authorize(
    token: string,
    controllerId: number,
    segment: SlicerUrlSegment | 'any',
  ): Promise<SlicerGrant> {
    const claims = await this.#tokens.verify(token);
    if (claims.controllerId !== controllerId) {
      throw new AppError('FORBIDDEN', 'This token is for another machine');
    }
    const own = slicerUrlSegment(claims.level, claims.destination.kind);
    if (segment !== 'any' && own !== segment) {
      const levels: string[] = ['upload', 'full_control'];
      throw new AppError(
        'FORBIDDEN',
        levels.includes(own) && levels.includes(segment)
          ? 'This token is for another access level'
          : `This token's uploads go to its own URL: …/${own}/{token}/`,
      );
    }
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
    const reach = await this.#access.reach(actor, controllerId, 'customer');
    return {
      userId: claims.userId,
      controllerId,
      level: claims.level,
      destination: claims.destination,
      actor,
      businessId: reach.businessId,
      machineGroupId: reach.machineGroupId,
      control: reach.control,
    };
  }
}
