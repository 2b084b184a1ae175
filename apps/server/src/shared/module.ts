import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Clock } from './clock.ts';
import type { MailSettings } from './mailer.ts';

/** The settings the application needs once it is built (server.ts derives them from the environment). */
export interface AppConfig {
  jwtSecret: string;
  sessionTtlSeconds: number;
  /** How long a checked session is trusted without the database (0: never); see SessionCache. */
  sessionCacheMs: number;
  /** Addresses whose X-Forwarded-For is believed; false trusts no proxy. */
  trustProxy: string[] | false;
  /** Folder of the built web app; undefined serves the API only. */
  webDist: string | undefined;
  /** The machine origin's public URL (DESIGN.md §5); undefined: the request's host on `machinePort`. */
  machineOrigin: string | undefined;
  /** Where the machine origin listens. */
  machinePort: number;
  /** How long a proxied request waits for the board's answer (DESIGN.md §5: 30 s; tests shorten it). */
  proxyTimeoutMs: number;
  /** argon2id cost; tests use a cheap one. */
  passwordHashing: { memoryCost: number; timeCost: number };
  /**
   * The live status: whether it follows the connected boards (default true), each read every `pollMs`
   * (2 s), each stream's session checked every `streamRefreshMs` (30 s). Tests shorten the times.
   */
  liveStatus?: { follow?: boolean; pollMs?: number; streamRefreshMs?: number };
  /** The portal's public address (PUBLIC_URL), the base of links in mails; never the request's Host. */
  publicUrl: string;
  /** SMTP server or outbox folder, and sender. */
  mail: MailSettings;
  /**
   * Web Push: the VAPID `subject` (a `mailto:` or `https:` address of the operator), a certificate authority
   * trusted beside the public ones (a self-hosted push service; tests' local one), and the window in which a
   * machine tells each kind of event once (5 minutes).
   */
  push?: { subject?: string | undefined; extraCa?: string; machineThrottleMs?: number };
}

/** What every module factory takes. */
export interface ModuleDeps {
  db: Database;
  clock: Clock;
  config: AppConfig;
}

/** The routes a module adds: `publicRoutes` answer anyone, `routes` only an authenticated session. */
export interface ModuleRoutes {
  publicRoutes?: FastifyPluginAsync;
  routes?: FastifyPluginAsync;
}

/** A module's routes plugin bound to its options, ready for a scope of app.ts. */
export function routesOf<Options extends Record<string, unknown>>(
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
  options: Options,
): FastifyPluginAsync {
  return async (app) => {
    await app.register(plugin as FastifyPluginAsync<Options>, options);
  };
}
