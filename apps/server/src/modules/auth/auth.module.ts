import type { FastifyInstance } from 'fastify';
import type { Changes } from '../../shared/change-listeners.ts';
import { BUS_RESUMED } from '../../shared/cluster-bus.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { PasswordHasher } from '../../shared/password-hasher.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { authPublicRoutes, authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import { LoginGate } from './login-gate.ts';
import { LoginLimits } from './login-limits.ts';
import { LoginThrottleRepository } from './login-throttle.repository.ts';
import { deviceCookieOptions, renewalCookieOptions } from './session-answer.ts';
import { SessionCache } from './session-cache.ts';
import { sessionEventsOn, touches } from './session-events.ts';
import { SessionSettingsRepository } from './session-settings.repository.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { SignInService } from './sign-in.service.ts';
import { TokenService } from './token.service.ts';
import { secretKeyFrom } from './totp.ts';
import { TwoFactorRepository } from './two-factor.repository.ts';
import { twoFactorPublicRoutes, twoFactorRoutes } from './two-factor.routes.ts';
import { TwoFactorService } from './two-factor.service.ts';

interface AuthModuleNeeds {
  users: UsersRepository;
  /** Users whose sessions must end (the users module's changes). */
  sessionEnds: Changes<number>;
  hasher: PasswordHasher;
}

/**
 * Logins and sessions: sessions checked against the database and briefly cached (`session-cache.ts`), and two-factor
 * sign-in (docs/design.md §10: `two-factor.service.ts` with its routes and repository, `totp.ts` with `otpauth`;
 * secrets encrypted at rest, recovery codes hashed; the second step of a sign-in, the set-up an administrator
 * requires of staff, the reset).
 *
 * The argon2id hasher with its bounded queue (`shared/password-hasher.ts`) is one instance `createModules` hands to
 * users, auth and password recovery. Login limits come in two halves (docs/design.md §10a): counters in the database
 * for every instance (`login-throttle.repository.ts`: confirmed failures and, apart from them, the attempts in
 * flight), and `LoginGate` (`login-gate.ts`), asked first, which answers from memory the refusals those counters
 * decided and lets an address over its limit through one attempt a minute, or at once for an account that has logged
 * in from it. Known devices (`login-limits.ts`): a sign-in presenting its signed device cookie is judged under the
 * device's own budget, its hash ahead of strangers' in the hasher's fair queue (`shared/fair-queue.ts`, a lane per
 * address). `session-events.ts` publishes the sessions a logout, a user change or a business change ended or
 * changed, after the write, so open status streams, webcam viewers and board WebSockets check theirs at once (an
 * interface with an in-process implementation; a shared bus carries it across instances).
 */
export function createAuthModule(
  { db, clock, config, bus }: ModuleDeps,
  { users, sessionEnds, hasher }: AuthModuleNeeds,
) {
  const gate = new LoginGate();
  const cookies = {
    renewal: renewalCookieOptions(config.publicUrl),
    device: deviceCookieOptions(config.publicUrl),
  };
  const events = sessionEventsOn(bus);
  const cache = new SessionCache(config.sessionCacheMs, clock);
  // A session another instance ended or changed is checked again here too (this instance's own changes forget
  // theirs before writing, so no request in between is answered from memory).
  events.subscribe((change) => cache.forgetWhere((subject) => touches(change, subject)));
  // Changes told while this instance could not hear the others were missed: every session is checked again.
  bus.subscribe(BUS_RESUMED, () => cache.forgetWhere(() => true));
  const tokens = new TokenService(config.jwtSecret, clock);
  const throttle = new LoginThrottleRepository(db);
  const service = new AuthService({
    users,
    sessions: new SessionsRepository(db),
    settings: new SessionSettingsRepository(db),
    throttle,
    tokens,
    clock,
    sessionTtlSeconds: config.sessionTtlSeconds,
    cache,
    events,
  });
  const limits = new LoginLimits({ throttle, gate, hasher, clock });
  const twoFactor = new TwoFactorService({
    repository: new TwoFactorRepository(db),
    sessions: service,
    users,
    limits,
    clock,
    secretKey: secretKeyFrom(config.jwtSecret),
  });
  const signIn = new SignInService({ users, hasher, tokens, clock, limits, twoFactor, sessions: service });
  const options = { auth: service, signIn, twoFactor, cookies };
  sessionEnds.subscribe((userId) => service.endSessionsOf(userId));
  return {
    service,
    /** The hasher logins use, shared with first-start seeding, so one hashing limit covers both. */
    hasher,
    /** This process's memory of login refusals (tests clear it with the counters). */
    gate,
    /** Sessions any instance ended or changed: open status streams and webcam viewers check theirs again. */
    events,
    /** Two-factor sign-in (docs/design.md §10). */
    twoFactor,
    publicRoutes: async (app: FastifyInstance) => {
      await app.register(routesOf(authPublicRoutes, options));
      await app.register(routesOf(twoFactorPublicRoutes, options));
    },
    routes: async (app: FastifyInstance) => {
      await app.register(routesOf(authRoutes, options));
      await app.register(routesOf(twoFactorRoutes, options));
    },
  };
}
