import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { LoginThrottleRepository } from './modules/auth/login-throttle.repository.ts';
import { PasswordHasher } from './modules/auth/password-hasher.ts';
import { TokenService } from './modules/auth/token.service.ts';
import { BusinessRepository } from './modules/business/business.repository.ts';
import { businessRoutes } from './modules/business/business.routes.ts';
import { BusinessService } from './modules/business/business.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export interface AppOptions {
  config: Pick<Config, 'sessionTtlSeconds' | 'trustProxy' | 'webDist'>;
  database: DatabaseHandle;
  jwtSecret: string;
  /** The clock; tests move it instead of waiting. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Shared with the start-up seeding, so the hashing limit covers both. */
  hasher?: PasswordHasher;
}

/** Builds the whole application, in order: plugins, then every module. Listening is server.ts's job. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const usersRepository = new UsersRepository(database.db);
  const businessRepository = new BusinessRepository(database.db);
  const auth = new AuthService({
    users: usersRepository,
    throttle: new LoginThrottleRepository(database.db),
    hasher: options.hasher ?? new PasswordHasher(),
    tokens: new TokenService(options.jwtSecret, config.sessionTtlSeconds, now),
    now,
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(fastifyCookie);
  await app.register(openApiPlugin);
  await app.register(authenticatePlugin, { auth });

  await app.register(healthRoutes, { ping: database.ping });
  await app.register(authRoutes, { auth });
  await app.register(usersRoutes, { users: new UsersService(usersRepository) });
  await app.register(businessRoutes, { businesses: new BusinessService(businessRepository) });

  await app.register(webAppPlugin, { webDist: config.webDist });
  return app;
}
