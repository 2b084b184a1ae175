import { randomUUID } from 'node:crypto';
import { Role } from '@portal/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { UsersRepository, UserWithBusinessState } from '../users/users.repository.ts';
import type { LoginThrottleRepository } from './login-throttle.repository.ts';
import { loginKeys } from './login-throttle.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionCheckRow, SessionsRepository } from './sessions.repository.ts';
import type { IssuedTokens, TokenService } from './token.service.ts';

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  throttle: LoginThrottleRepository;
  hasher: PasswordHasher;
  tokens: TokenService;
  clock: Clock;
  sessionTtlSeconds: number;
  cache: SessionCache;
}

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

export class AuthService {
  readonly #deps: AuthServiceDeps;

  constructor(deps: AuthServiceDeps) {
    this.#deps = deps;
  }

  /**
   * Checks the credentials and opens a session. The attempt is counted before the password is hashed,
   * so concurrent attempts cannot slip past the limits. Unknown accounts get the same answer after the
   * same hashing work as a wrong password, so the answer says nothing about which accounts exist.
   * `replacedToken` is the session the caller renews (the session popup): it ends once the new one opens.
   */
  async login(
    email: string,
    password: string,
    clientAddress: string,
    replacedToken?: string,
  ): Promise<IssuedTokens> {
    const { users, throttle, hasher, clock } = this.#deps;
    hasher.assertAvailable();
    await throttle.pruneExpired(clock());
    const attempt = await throttle.countAttempt(loginKeys(email, clientAddress), clock());
    if (!attempt.admitted) {
      const seconds = Math.ceil(attempt.retryAfterMs / 1000);
      throw new AppError(
        'TOO_MANY_LOGIN_ATTEMPTS',
        `Too many failed login attempts. Try again in ${seconds} seconds.`,
        { headers: { 'retry-after': String(seconds) } },
      );
    }
    const user = await users.findWithBusinessStateByEmail(email);
    const valid = await hasher.verify(user?.passwordHash, password).catch(async (error: unknown) => {
      await throttle.withdraw(attempt.counted);
      throw error;
    });
    if (!user || !valid) throw new AppError('INVALID_CREDENTIALS');
    await throttle.succeeded(attempt.counted);
    const refusal = refusalOf(user);
    if (refusal) throw refusal;
    const issued = await this.openSession(user);
    if (replacedToken) await this.#endReplacedSession(replacedToken, user.id);
    return issued;
  }

  /** Opens a server-side session for a user already known to be allowed in, and signs its tokens. */
  async openSession(user: Pick<UserWithBusinessState, 'id' | 'role' | 'businessId'>): Promise<IssuedTokens> {
    const { sessions, tokens, clock, sessionTtlSeconds } = this.#deps;
    const now = clock();
    const session = {
      id: randomUUID(),
      userId: user.id,
      role: user.role,
      businessId: user.businessId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + sessionTtlSeconds * 1000),
    };
    await sessions.insert(session);
    return tokens.issue(
      { id: user.id, role: user.role, business: user.businessId, sessionId: session.id },
      session.expiresAt,
    );
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
    this.#deps.cache.forget(subject.sessionId);
    await this.#deps.sessions.revoke(subject.sessionId, this.#deps.clock());
  }

  /** A business was suspended or changed: its users' next calls are checked against the database again. */
  businessChanged(businessId: number): void {
    this.#deps.cache.forgetWhere((subject) => subject.business === businessId);
  }

  /** Ends every open session of a user at once: their role changed, they were disabled, a new password. */
  async endSessionsOf(userId: number): Promise<void> {
    this.#deps.cache.forgetWhere((subject) => subject.id === userId);
    await this.#deps.sessions.revokeAllOf(userId, this.#deps.clock());
  }

  /** Housekeeping: forgets expired sessions. */
  async purgeExpired(): Promise<void> {
    await this.#deps.sessions.deleteExpired(this.#deps.clock());
  }

  /** Ends the session a renewal replaces, if the token is a live session of the same user. */
  async #endReplacedSession(token: string, userId: number): Promise<void> {
    const claims = await this.#deps.tokens.verifySession(token).catch(() => null);
    if (claims?.id === userId) await this.#deps.sessions.revoke(claims.sid, this.#deps.clock());
  }
}
