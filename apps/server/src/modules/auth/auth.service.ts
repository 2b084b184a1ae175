import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { can, Role, type SessionSettings } from '@portal/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { PasswordHasher } from '../../shared/password-hasher.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { UsersRepository, UserWithBusinessState } from '../users/users.repository.ts';
import type { LoginGate } from './login-gate.ts';
import { KNOWN_DEVICE_TTL_MS, LoginLimits } from './login-limits.ts';
import type { LoginThrottleRepository } from './login-throttle.repository.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionEvents } from './session-events.ts';
import type { SessionSettingsRepository } from './session-settings.repository.ts';
import type { SessionCheckRow, SessionsRepository } from './sessions.repository.ts';
import type { DeviceClaims, IssuedTokens, TokenService } from './token.service.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  settings: SessionSettingsRepository;
  throttle: LoginThrottleRepository;
  /** Asked first: refusals already decided cost no query and no hash. */
  gate: LoginGate;
  hasher: PasswordHasher;
  tokens: TokenService;
  clock: Clock;
  sessionTtlSeconds: number;
  cache: SessionCache;
  /** Told of every session this service ends, so open streams end with it at once. */
  events: SessionEvents;
  /** Whose sign-in asks for a second step (docs/design.md §10). */
  twoFactor: TwoFactorRepository;
}

/** A right password of a user with two-factor sign-in, or one required to set it up: the second step's challenge. */
export interface SecondStep {
  step: 'code' | 'setup';
  challenge: string;
}

/** Roles an administrator may require two-factor sign-in of (docs/design.md §10). */
const STAFF: readonly number[] = [Role.Administrator, Role.Technician];
export const isStaff = (role: number): boolean => STAFF.includes(role);

const earlier = (a: Date, b: Date): Date => (a <= b ? a : b);

/** Disabled users, and every non-administrator of a suspended business, are kept out. */
function refusalOf(user: { enabled: boolean; businessActive: boolean; role: number }): AppError | null {
  if (!user.enabled) return new AppError('ACCOUNT_DISABLED');
  if (!user.businessActive && user.role !== Role.Administrator) return new AppError('BUSINESS_SUSPENDED');
  return null;
}

/** Whether a session outlived a change that must end it: a new role or business, or a new password. */
function sessionOutdated(row: SessionCheckRow): boolean {
  return (
    row.role !== row.sessionRole ||
    row.businessId !== row.sessionBusinessId ||
    (row.lastPasswordChange !== null && row.lastPasswordChange > row.createdAt)
  );
}

/**
 * Two tabs (or two instances) may renew with the same token at once: the one that comes second within this
 * long gets a session token without a new renewal token (the first one's cookie is already the browser's).
 * Later, the replaced token coming back means it was copied: the session ends.
 */
const RENEWAL_RACE_MS = 30 * 1000;

/**
 * A session opened or renewed: its tokens and, when a new one was made, the renewal token for the cookie; at a
 * sign-in, the known device's token for its cookie (docs/design.md §10a).
 */
export interface IssuedSession extends IssuedTokens {
  renewal?: { token: string; expiresAt: Date };
  device?: { token: string; expiresAt: Date };
}

/** Where a sign-in comes from: its address, the session it replaces (the popup's), the device cookie it presents. */
export interface SignInOrigin {
  address: string;
  replacedToken?: string | undefined;
  deviceToken?: string | undefined;
}

const hashOf = (renewalToken: string) => createHash('sha256').update(renewalToken).digest('base64url');
const newRenewalToken = () => randomBytes(32).toString('base64url');

export class AuthService {
  readonly #deps: AuthServiceDeps;
  readonly #limits: LoginLimits;

  constructor(deps: AuthServiceDeps) {
    this.#deps = deps;
    this.#limits = new LoginLimits(deps);
  }

  /**
   * Checks the credentials and opens a session. The attempt is admitted, and counted in flight, before the
   * password is hashed, so concurrent attempts cannot slip past the limits, and it is a failure only once the
   * password proves wrong, so concurrent correct ones are not slowed; one the limits are known to refuse is
   * refused before anything else (`LoginLimits`). A valid device cookie of the account is judged under the
   * device's own budget instead. Unknown accounts get the same answer after the same hashing work as a wrong
   * password, so the answer says nothing about which accounts exist. `origin.replacedToken` is the session the
   * caller renews (the session popup): it ends once the new one opens.
   */
  async login(email: string, password: string, origin: SignInOrigin): Promise<IssuedSession | SecondStep> {
    const { users, hasher, tokens } = this.#deps;
    const device = await tokens.verifyDevice(origin.deviceToken);
    const attempt = await this.#limits.admit(email, origin.address, device);
    let user: UserWithBusinessState | undefined;
    let valid: boolean;
    try {
      user = await users.findWithBusinessStateByEmail(email);
      valid = await hasher.verify(user?.passwordHash, password, attempt.ticket);
    } catch (error) {
      await attempt.withdraw();
      throw error;
    }
    if (!user || !valid) {
      await attempt.failed();
      throw new AppError('INVALID_CREDENTIALS');
    }
    const step = await this.#secondStepOf(user);
    if (step) {
      // Not yet a success: failures are forgiven only once the second step passes, so a known password does
      // not reset the count of wrong codes.
      await attempt.withdraw();
      const refusal = refusalOf(user);
      if (refusal) throw refusal;
      return { step, challenge: await tokens.issueChallenge(user.id, step) };
    }
    await attempt.succeeded();
    const refusal = refusalOf(user);
    if (refusal) throw refusal;
    const issued = await this.openSession(user);
    if (origin.replacedToken) await this.#endReplacedSession(origin.replacedToken, user.id);
    return { ...issued, device: await this.knownDevice(user, device) };
  }

  /**
   * The device cookie's token for a user who has just signed in: the presented device's id again when it was this
   * user's, else a new one; valid for `KNOWN_DEVICE_TTL_MS` from now.
   */
  async knownDevice(
    user: { id: number; email: string },
    presented: DeviceClaims | null,
  ): Promise<{ token: string; expiresAt: Date }> {
    const { tokens, clock } = this.#deps;
    const device = presented?.id === user.id ? presented.device : randomBytes(16).toString('base64url');
    const expiresAt = new Date(clock().getTime() + KNOWN_DEVICE_TTL_MS);
    return {
      token: await tokens.issueDevice({ id: user.id, email: user.email, device }, expiresAt),
      expiresAt,
    };
  }

  /** The second step a user's sign-in needs: a code when theirs is on, a set-up when their role requires one. */
  async #secondStepOf(user: { id: number; role: number }): Promise<SecondStep['step'] | null> {
    const { twoFactor } = this.#deps;
    if (await twoFactor.isEnabled(user.id)) return 'code';
    if (isStaff(user.role) && (await twoFactor.required())) return 'setup';
    return null;
  }

  /**
   * One attempt at a code under the login limits, keyed like a password attempt of `email` from `address`
   * (docs/design.md §10), or under the device's own budget when `device` is a valid device cookie of the account:
   * admitted first; `judge` answers the outcome, or undefined for a wrong code, which counts as a failure and is
   * refused with INVALID_TWO_FACTOR_CODE; a right one forgives as a right password does.
   */
  judgeCode<T>(
    email: string,
    address: string,
    judge: () => Promise<T | undefined>,
    device: DeviceClaims | null = null,
  ): Promise<T> {
    return this.#limits.judge(email, address, device, judge, () => new AppError('INVALID_TWO_FACTOR_CODE'));
  }

  /** Ends the session a sign-in replaces (the session popup's), once the new one is open. */
  async endReplaced(token: string | undefined, userId: number): Promise<void> {
    if (token) await this.#endReplacedSession(token, userId);
  }

  /** Opens a server-side session for a user already known to be allowed in, and signs its tokens. */
  async openSession(user: Pick<UserWithBusinessState, 'id' | 'role' | 'businessId'>): Promise<IssuedSession> {
    const { sessions, settings, tokens, clock, sessionTtlSeconds } = this.#deps;
    const now = clock();
    const { maxHours } = await settings.get();
    const absoluteExpiresAt = new Date(now.getTime() + maxHours * 3600 * 1000);
    const renewalToken = newRenewalToken();
    const session = {
      id: randomUUID(),
      userId: user.id,
      role: user.role,
      businessId: user.businessId,
      createdAt: now,
      expiresAt: earlier(new Date(now.getTime() + sessionTtlSeconds * 1000), absoluteExpiresAt),
      absoluteExpiresAt,
      renewalHash: hashOf(renewalToken),
    };
    await sessions.insert(session);
    const issued = await tokens.issue(
      { id: user.id, role: user.role, business: user.businessId, sessionId: session.id },
      session.expiresAt,
    );
    return { ...issued, renewal: { token: renewalToken, expiresAt: absoluteExpiresAt } };
  }

  /**
   * Renews a session that is still live: a page in use, or showing live data, asks before its token runs out
   * (docs/design.md §4). `sessionToken` (its current or just-expired token) names the session and proves the
   * caller is the page; `renewalToken` (the cookie) must be the session's current one, and is replaced each
   * time. The replaced one coming back later ends the session: someone copied it. No renewal reaches past the
   * session's absolute end, and every check of a normal call applies (disabled, suspended, changed).
   */
  async renew(sessionToken: string, renewalToken: string | undefined): Promise<IssuedSession> {
    const { sessions, tokens, clock, cache, sessionTtlSeconds } = this.#deps;
    const claims = await tokens.verifySessionForRenewal(sessionToken);
    const row = await sessions.findForRenewal(claims.sid);
    if (!row || row.userId !== claims.id || row.revokedAt !== null) throw new AppError('SESSION_ENDED');
    const now = clock();
    if (row.expiresAt <= now || row.absoluteExpiresAt === null || row.absoluteExpiresAt <= now) {
      throw new AppError('SESSION_EXPIRED');
    }
    const refusal = sessionOutdated(row) ? new AppError('SESSION_ENDED') : refusalOf(row);
    if (refusal) {
      await this.#end(claims.sid);
      throw refusal;
    }
    const presented = renewalToken ? hashOf(renewalToken) : undefined;
    const subject = { id: row.userId, role: row.role, business: row.businessId, sessionId: claims.sid };
    const expiresAt = earlier(new Date(now.getTime() + sessionTtlSeconds * 1000), row.absoluteExpiresAt);

    if (presented !== undefined && presented === row.renewalHash) {
      const next = newRenewalToken();
      const rotated = await sessions.rotate(claims.sid, presented, {
        renewalHash: hashOf(next),
        expiresAt,
        renewedAt: now,
      });
      cache.forget(claims.sid);
      if (rotated) {
        const issued = await tokens.issue(subject, expiresAt);
        return { ...issued, renewal: { token: next, expiresAt: row.absoluteExpiresAt } };
      }
      // Another renewal with the same token won the race: this one is the second of the pair.
      return this.#renewedByOther(claims.sid, subject);
    }
    const raced =
      presented !== undefined &&
      presented === row.previousRenewalHash &&
      row.renewedAt !== null &&
      now.getTime() - row.renewedAt.getTime() < RENEWAL_RACE_MS;
    if (raced) return tokens.issue(subject, row.expiresAt);
    if (presented !== undefined && presented === row.previousRenewalHash) {
      await this.#end(claims.sid);
      throw new AppError('SESSION_ENDED');
    }
    throw new AppError('UNAUTHENTICATED', 'Missing or unknown renewal token');
  }

  /** The tokens of a session another renewal has just moved on: its new end, no new renewal token. */
  async #renewedByOther(
    sessionId: string,
    subject: Parameters<TokenService['issue']>[0],
  ): Promise<IssuedSession> {
    const row = await this.#deps.sessions.findForRenewal(sessionId);
    if (!row || row.revokedAt !== null) throw new AppError('SESSION_ENDED');
    return this.#deps.tokens.issue(subject, row.expiresAt);
  }

  /** The administrator's session settings. */
  sessionSettings(viewer: SessionSubject): Promise<SessionSettings> {
    if (!can(viewer.role, 'settings')) throw new AppError('FORBIDDEN');
    return this.#deps.settings.get();
  }

  /** Saves them; sessions opened from then on use them (open ones keep the end they were given). */
  saveSessionSettings(viewer: SessionSubject, settings: SessionSettings): Promise<SessionSettings> {
    if (!can(viewer.role, 'settings')) throw new AppError('FORBIDDEN');
    return this.#deps.settings.save(settings);
  }

  /** Ends one session for good, and tells its open streams. */
  async #end(sessionId: string): Promise<void> {
    this.#deps.cache.forget(sessionId);
    await this.#deps.sessions.revoke(sessionId, this.#deps.clock());
    this.#deps.events.publish({ sessionId });
  }

  /**
   * The subject of a valid session token, checked against the database in one round trip: a logout, a
   * deleted user, a new password, role or business end the session; a disabled user or a suspended
   * business is refused with its reason (and the session ended) on the very next call. Services that
   * change these should still end the user's sessions themselves (`SessionsRepository.revokeAllOf`).
   */
  async authenticate(token: string): Promise<SessionSubject> {
    return this.checkSession(await this.#deps.tokens.verifySession(token));
  }

  /** The subject of a webcam token: the same session check, for the one token that travels in URLs. */
  async authenticateVideo(token: string): Promise<SessionSubject> {
    return this.checkSession(await this.#deps.tokens.verifyVideo(token));
  }

  /** A fresh webcam token for the session of `token`, ending no later than that session. */
  async renewVideoToken(token: string): Promise<string> {
    const claims = await this.#deps.tokens.verifySession(token);
    const subject = await this.checkSession(claims);
    return this.#deps.tokens.issueVideo(
      { id: subject.id, role: subject.role, business: subject.business, sessionId: subject.sessionId },
      new Date(claims.exp * 1000),
    );
  }

  /**
   * A user acting without a session (a slicer's token, as another instance forwarded it): still there, enabled, and
   * of a business not suspended; their role and business as the database has them now.
   */
  async activeViewer(userId: number): Promise<Pick<SessionSubject, 'id' | 'role' | 'business'>> {
    const user = await this.#deps.users.findWithBusinessStateById(userId);
    if (!user) throw new AppError('SESSION_ENDED');
    const refusal = refusalOf(user);
    if (refusal) throw refusal;
    return { id: user.id, role: user.role as Role, business: user.businessId };
  }

  /**
   * The same check for a session named by other signed means (a machine-origin cookie carries the user and
   * session ids): the session must still be live and its user and business allowed in.
   */
  async checkSession(claims: { id: number; sid: string }): Promise<SessionSubject> {
    const { sessions, clock, cache } = this.#deps;
    const cached = cache.get(claims.sid);
    if (cached) return cached;
    const row = await sessions.findForCheck(claims.sid);
    if (!row || row.userId !== claims.id || row.revokedAt !== null) throw new AppError('SESSION_ENDED');
    // Credentials that outlive their session's token (a machine cookie, an open webcam stream) end with it too.
    if (row.expiresAt <= clock()) throw new AppError('SESSION_EXPIRED');
    // Ended for good (a write only in these rare cases): changing the user back must not revive it.
    const refusal = sessionOutdated(row) ? new AppError('SESSION_ENDED') : refusalOf(row);
    if (refusal) {
      await sessions.revoke(claims.sid, clock());
      throw refusal;
    }
    const subject = {
      id: row.userId,
      role: row.role as Role,
      business: row.businessId,
      sessionId: claims.sid,
    };
    cache.set(subject, row.expiresAt);
    return subject;
  }

  /** Logs out: the session's tokens stop working at once. */
  async logout(subject: SessionSubject): Promise<void> {
    await this.#end(subject.sessionId);
  }

  /** A business was suspended or changed: its users' next calls are checked against the database again. */
  businessChanged(businessId: number): void {
    this.#deps.cache.forgetWhere((subject) => subject.business === businessId);
    this.#deps.events.publish({ businessId });
  }

  /**
   * Ends every open session of a user at once: their role changed, they were disabled, a new password; all but
   * `kept` when they turned a second factor on in it (its own streams are told too, check again and stay).
   */
  async endSessionsOf(userId: number, kept?: string): Promise<void> {
    this.#deps.cache.forgetWhere((subject) => subject.id === userId && subject.sessionId !== kept);
    await this.#deps.sessions.revokeAllOf(userId, this.#deps.clock(), kept);
    this.#deps.events.publish({ userId });
  }

  /** Housekeeping: forgets expired sessions and the login counters whose window is over. */
  async purgeExpired(): Promise<void> {
    const now = this.#deps.clock();
    await this.#deps.sessions.deleteExpired(now);
    await this.#deps.throttle.pruneExpired(now);
  }

  /** Ends the session a renewal replaces, if the token is a live session of the same user. */
  async #endReplacedSession(token: string, userId: number): Promise<void> {
    const claims = await this.#deps.tokens.verifySession(token).catch(() => null);
    if (claims?.id === userId) await this.#end(claims.sid);
  }
}
