import { isLicenseExpired, licenseEnd } from '@portal/contract';
import { AppError, notFound } from '../../shared/app-error.ts';
import { ChangeListeners, type Changes } from '../../shared/change-listeners.ts';
import type { Clock } from '../../shared/clock.ts';
import { type Viewer, visibleMachineGroups } from '../machine-groups/machine-groups.policy.ts';
import { type MachinePath, mayBypassLicense } from './machine-access.policy.ts';
import type { ActiveServiceSession, MachineAccessRepository } from './machine-access.repository.ts';

export type { ActiveServiceSession } from './machine-access.repository.ts';

/** Enough for every open board page of a busy instance; past it the cache starts afresh. */
const MAX_CACHED = 10_000;

/**
 * A grant in use is decided again in the background once it is between half and nine tenths of the cache time
 * old (a point drawn per grant): an open panel polling several times a second never waits for that query, and
 * grants made together (a page of cards, a bench of viewers) stop expiring together.
 */
const REFRESH_FROM = 0.5;
const REFRESH_SPREAD = 0.4;

interface Grant {
  reach: MachineReach;
  at: number;
  /** Past this the grant is not trusted whatever its age: the end of the licence it rests on. */
  until: number;
  /** When a request that finds the grant in use decides it again in the background. */
  refreshAt: number;
  refreshing: boolean;
}

/** The machine a viewer may reach through the proxy. */
export interface MachineReach {
  controllerId: number;
  machineGroupId: number | null;
  /** The machine's business (the controller's): whose consent decides `control`. */
  businessId: number;
  /** Whether the viewer may also change it (send G-code, change files, open its control panel). */
  control: MachineControl;
  /**
   * Past this instant (milliseconds since the epoch) the decision is not true whatever happens meanwhile: the end
   * of the licence or of the service session it rests on; Infinity when neither bounds it.
   */
  trustedUntil: number;
}

/**
 * Consent (docs/design.md §11): someone outside the machine's business changes it only in an accepted service
 * session when the business requires consent; `session` is the open session of theirs a change is made in.
 */
export type MachineControl =
  | { allowed: true; session: ActiveServiceSession | null }
  | { allowed: false; session: null };

/** A decision and how long it may be trusted at the most (the licence's end, for a licence-bound grant). */
interface Decision {
  reach: MachineReach;
  until: number;
}

/**
 * The server's own gate in front of every board and webcam request: the UI hides what a user may not open,
 * this refuses it. Another business's machine is 404 like a missing one; a missing or expired licence and a
 * suspended business are 403 for everyone but administrators; the admin path is for administrators only.
 * A granted access is trusted for `cacheMs` and never past the end of its licence, decided again ahead of that
 * while it is in use, and forgotten at once on every instance when an administrative action may have changed who
 * reaches what (`forgetGrants`); refusals are never cached.
 */
export class MachineAccessService {
  readonly #repository: MachineAccessRepository;
  readonly #clock: Clock;
  readonly #cacheMs: number;
  /** Decisions granted a moment ago: a board page polls several times a second, each poll one query otherwise. */
  readonly #granted = new Map<string, Grant>();
  /** Counts `forgetGrants`: a decision begun before the last one is used once but never remembered. */
  #generation = 0;
  readonly #forgotten = new ChangeListeners<void>();

  /** `cacheMs`: how long a granted access is trusted (as long as a checked session; 0 turns it off). */
  constructor(repository: MachineAccessRepository, clock: Clock, cacheMs: number) {
    this.#repository = repository;
    this.#clock = clock;
    this.#cacheMs = cacheMs;
  }

  async reach(viewer: Viewer, controllerId: number, path: MachinePath): Promise<MachineReach> {
    const key = `${viewer.id}:${viewer.role}:${viewer.business}:${controllerId}:${path}`;
    const now = this.#clock().getTime();
    const cached = this.#granted.get(key);
    if (cached && now - cached.at < this.#cacheMs && now < cached.until) {
      if (now >= cached.refreshAt && !cached.refreshing)
        this.#refresh(key, cached, viewer, controllerId, path);
      return cached.reach;
    }
    const generation = this.#generation;
    const decision = await this.#decide(viewer, controllerId, path);
    // Read before a consent change or a session's end that forgot the grants: not kept for the next request.
    if (generation === this.#generation) this.#remember(key, decision, now);
    return decision.reach;
  }

  /**
   * As `reach`, for changing the machine or opening its control panel: refused with SERVICE_SESSION_REQUIRED to
   * someone outside a business that requires consent, without an accepted session (docs/design.md §11).
   */
  async control(viewer: Viewer, controllerId: number, path: MachinePath): Promise<MachineReach> {
    const reach = await this.reach(viewer, controllerId, path);
    if (!reach.control.allowed) throw new AppError('SERVICE_SESSION_REQUIRED');
    return reach;
  }

  /** Every grant is decided again at its next use: who may reach which machine may have changed. */
  forgetGrants(): void {
    this.#generation += 1;
    this.#granted.clear();
    void this.#forgotten.publish();
  }

  /** Told each time the grants are forgotten: what keeps a decision of this service forgets it too. */
  get grantsForgotten(): Changes<void> {
    return this.#forgotten;
  }

  #remember(key: string, { reach, until }: Decision, at: number): void {
    if (this.#cacheMs <= 0) return;
    if (this.#granted.size >= MAX_CACHED) this.#granted.clear();
    const refreshAt = at + this.#cacheMs * (REFRESH_FROM + Math.random() * REFRESH_SPREAD);
    this.#granted.set(key, { reach, at, until, refreshAt, refreshing: false });
  }

  /** Decides a grant in use again; a refusal drops it, so the next request meets the refusal itself. */
  #refresh(key: string, grant: Grant, viewer: Viewer, controllerId: number, path: MachinePath): void {
    grant.refreshing = true;
    const at = this.#clock().getTime();
    this.#decide(viewer, controllerId, path).then(
      (decision) => {
        if (this.#granted.get(key) === grant) this.#remember(key, decision, at);
      },
      () => {
        if (this.#granted.get(key) === grant) this.#granted.delete(key);
      },
    );
  }

  async #decide(viewer: Viewer, controllerId: number, path: MachinePath): Promise<Decision> {
    const privileged = mayBypassLicense(viewer);
    if (path === 'admin' && !privileged) throw new AppError('FORBIDDEN');
    const row = await this.#repository.findReach(controllerId, visibleMachineGroups(viewer));
    if (!row) throw notFound('Machine');
    if (path === 'customer' && row.machineGroupId === null) throw notFound('Machine');
    // Only people outside the machine's business can have a service session on it, or need one.
    const session =
      viewer.business === row.businessId
        ? undefined
        : await this.#repository.activeServiceSession(viewer.id, controllerId, this.#clock());
    const control: MachineControl = session
      ? { allowed: true, session }
      : { allowed: !row.serviceConsent || viewer.business === row.businessId, session: null };
    // A grant resting on a session is not trusted past the session's end.
    let until = session?.endsAt ?? Infinity;
    const reach = (trustedUntil: number): MachineReach => ({
      controllerId,
      machineGroupId: row.machineGroupId,
      businessId: row.businessId,
      control,
      trustedUntil,
    });
    if (path === 'admin') return { reach: reach(until), until };
    if (!privileged) {
      if (!row.businessActive) throw new AppError('BUSINESS_SUSPENDED');
      const license = {
        activation: row.licenseActivation?.getTime() ?? null,
        expiry: row.licenseExpiryMs ?? 0,
      };
      if (row.licenseExpiryMs === null || isLicenseExpired(license, this.#clock().getTime())) {
        throw new AppError('LICENSE_EXPIRED');
      }
      until = Math.min(until, licenseEnd(license) ?? 0);
    }
    return { reach: reach(until), until };
  }
}
