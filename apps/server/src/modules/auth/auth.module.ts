import type { Changes } from '../../shared/change-listeners.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { PasswordHasher } from '../../shared/password-hasher.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { authPublicRoutes, authRoutes, renewalCookieOptions } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { LoginGate } from './login-gate.ts';
import { LoginThrottleRepository } from './login-throttle.repository.ts';
import { SessionCache } from './session-cache.ts';
import { sessionEventsOn, touches } from './session-events.ts';
import { SessionSettingsRepository } from './session-settings.repository.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { TokenService } from './token.service.ts';

interface AuthModuleNeeds {
  users: UsersRepository;
  /** Users whose sessions must end (the users module's changes). */
  sessionEnds: Changes<number>;
  hasher: PasswordHasher;
}

/** Logins and sessions. */
export function createAuthModule(
  { db, clock, config, bus }: ModuleDeps,
  { users, sessionEnds, hasher }: AuthModuleNeeds,
) {
  const gate = new LoginGate();
  const renewalCookie = renewalCookieOptions(config.publicUrl);
  const events = sessionEventsOn(bus);
  const cache = new SessionCache(config.sessionCacheMs, clock);
  // A session another instance ended or changed is checked again here too (this instance's own changes forget
  // theirs before writing, so no request in between is answered from memory).
  events.subscribe((change) => cache.forgetWhere((subject) => touches(change, subject)));
  const service = new AuthService({
    users,
    sessions: new SessionsRepository(db),
    settings: new SessionSettingsRepository(db),
    throttle: new LoginThrottleRepository(db),
    gate,
    hasher,
    tokens: new TokenService(config.jwtSecret, clock),
    clock,
    sessionTtlSeconds: config.sessionTtlSeconds,
    cache,
    events,
  });
  sessionEnds.subscribe((userId) => service.endSessionsOf(userId));
  return {
    service,
    /** The hasher logins use, shared with first-start seeding, so one hashing limit covers both. */
    hasher,
    /** This process's memory of login refusals (tests clear it with the counters). */
    gate,
    /** Sessions any instance ended or changed: open status streams and webcam viewers check theirs again. */
    events,
    publicRoutes: routesOf(authPublicRoutes, { auth: service, renewalCookie }),
    routes: routesOf(authRoutes, { auth: service, renewalCookie }),
  };
}
