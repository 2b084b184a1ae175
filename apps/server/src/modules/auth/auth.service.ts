import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { can, Role, type SessionSettings } from '@portal/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CheckedSession, SessionSubject } from '../../shared/session.ts';
import type { UsersRepository, UserWithBusinessState } from '../users/users.repository.ts';
import type { LoginThrottleRepository } from './login-throttle.repository.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionEvents } from './session-events.ts';
import type { SessionSettingsRepository } from './session-settings.repository.ts';
import type { SessionCheckRow, SessionsRepository } from './sessions.repository.ts';
import type { IssuedTokens, TokenService } from './token.service.ts';

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  settings: SessionSettingsRepository;
  /** Its expired counters are the housekeeping's, with the expired sessions. */
  throttle: LoginThrottleRepository;
  tokens: TokenService;
  clock: Clock;
  sessionTtlSeconds: number;
  cache: SessionCache;
  /** Told of every session this service ends, so open streams end with it at once. */
  events: SessionEvents;
}

const earlier = (a: Date, b: Date): Date => (a <= b ? a : b);

/** Disabled users, and every non-administrator of a suspended business, are kept out. */
export function refusalOf(user: {
  enabled: boolean;
  businessActive: boolean;
  role: number;
}): AppError | null {
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

const hashOf = (renewalToken: string) => createHash('sha256').update(renewalToken).digest('base64url');
const newRenewalToken = () => randomBytes(32).toString('base64url');

/**
 * Sessions: opened (for a sign-in, `SignInService`'s), renewed, checked on every call, ended; the session
 * settings; the housekeeping of expired sessions and login counters.
 */
export class AuthService {
  readonly #deps: AuthServiceDeps;

  constructor(deps: AuthServiceDeps) {
    this.#deps = deps;
  }

  /**
   * Opens a server-side session for a user already known to be allowed in, and signs its tokens. `replacing`: the
   * session a sign-in renews (the popup's), ended once the new one is open if it is the same user's;
   * `endingOthers`: every session of the user ends first (a second factor turned on at sign-in).
   */
  async openSession(
    user: Pick<UserWithBusinessState, 'id' | 'role' | 'businessId'>,
    { replacing, endingOthers = false }: { replacing?: string | undefined; endingOthers?: boolean } = {},
  ): Promise<IssuedSession> {
    const { sessions, settings, tokens, clock, sessionTtlSeconds } = this.#deps;
    if (endingOthers) await this.endSessionsOf(user.id);
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
    if (replacing) await this.#endReplacedSession(replacing, user.id);
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
    return (await this.checkedSession(claims)).subject;
  }

  /** `checkSession`, with when the session ends: what holds on to the check knows when it stops being true. */
  async checkedSession(claims: { id: number; sid: string }): Promise<CheckedSession> {
    const { sessions, clock, cache } = this.#deps;
    const cached = cache.checked(claims.sid);
    if (cached) {
      if (cached.subject.id !== claims.id) throw new AppError('SESSION_ENDED');
      return cached;
    }
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
    return { subject, endsAt: row.expiresAt.getTime() };
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
