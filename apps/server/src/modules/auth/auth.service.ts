import { Role } from '@portal/contract';
import { AppError, unauthenticated } from '../../plugins/app-error.ts';
import type { UsersRepository, UserWithBusinessState } from '../users/users.repository.ts';
import type { LoginThrottleRepository } from './login-throttle.repository.ts';
import { loginKeys } from './login-throttle.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { IssuedSession, SessionSubject, TokenService } from './token.service.ts';

export interface AuthServiceDeps {
  users: UsersRepository;
  throttle: LoginThrottleRepository;
  hasher: PasswordHasher;
  tokens: TokenService;
  now: () => Date;
}

/** Disabled users, and every non-administrator of a suspended business, are kept out. */
function assertMayUsePortal(user: UserWithBusinessState): void {
  if (!user.enabled) throw new AppError('ACCOUNT_DISABLED', 'This account is disabled');
  if (!user.businessActive && user.role !== Role.Administrator) {
    throw new AppError('BUSINESS_SUSPENDED', 'The business of this account is suspended');
  }
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
   */
  async login(email: string, password: string, clientAddress: string): Promise<IssuedSession> {
    const { users, throttle, hasher, tokens, now } = this.#deps;
    hasher.assertAvailable();
    await throttle.pruneExpired(now());
    const attempt = await throttle.countAttempt(loginKeys(email, clientAddress), now());
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
    if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
    await throttle.succeeded(attempt.counted);
    assertMayUsePortal(user);
    return tokens.issue({ id: user.id, role: user.role as Role, business: user.businessId });
  }

  /**
   * The subject of a valid session token, re-read from the database so that a disabled user, a
   * suspended business or a changed role takes effect on the very next call.
   */
  async authenticate(token: string): Promise<SessionSubject> {
    const claims = await this.#deps.tokens.verifySession(token);
    const user = await this.#deps.users.findWithBusinessStateById(claims.id);
    if (!user) throw unauthenticated('Session user no longer exists');
    assertMayUsePortal(user);
    return { id: user.id, role: user.role as Role, business: user.businessId };
  }
}
