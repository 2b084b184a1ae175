import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { authPublicRoutes, authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { LoginThrottleRepository } from './login-throttle.repository.ts';
import { PasswordHasher } from './password-hasher.ts';
import { SessionCache } from './session-cache.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { TokenService } from './token.service.ts';

/** Logins, sessions and password hashing. */
export function createAuthModule({ db, clock, config }: ModuleDeps, { users }: { users: UsersRepository }) {
  const hasher = new PasswordHasher({ cost: config.passwordHashing });
  const service = new AuthService({
    users,
    sessions: new SessionsRepository(db),
    throttle: new LoginThrottleRepository(db),
    hasher,
    tokens: new TokenService(config.jwtSecret, clock),
    clock,
    sessionTtlSeconds: config.sessionTtlSeconds,
    cache: new SessionCache(config.sessionCacheMs, clock),
  });
  return {
    service,
    /** Shared with first-start seeding, so one hashing limit covers both. */
    hasher,
    publicRoutes: routesOf(authPublicRoutes, { auth: service }),
    routes: routesOf(authRoutes, { auth: service }),
  };
}
