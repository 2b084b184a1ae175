import type { LookupAddress } from 'node:dns';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database.ts';
import type { Clock } from './clock.ts';
import type { ClusterBus } from './cluster-bus.ts';
import type { MachineOrigins } from './machine-origins.ts';
import type { MailSettings } from './mailer.ts';

/** The settings the application needs once it is built (server.ts derives them from the environment). */
export interface AppConfig {
  jwtSecret: string;
  /** The activity record's key (ACTIVITY_KEY, or generated into the data folder): never in the database. */
  activityKey: string;
  sessionTtlSeconds: number;
  /** How long a checked session is trusted without the database (0: never); see SessionCache. */
  sessionCacheMs: number;
  /**
   * How long a granted machine access is trusted (MachineAccessService; `sessionCacheMs` unless set): every
   * administrative action makes every instance forget its grants, and no grant outlives its licence.
   */
  grantCacheMs?: number;
  /** Addresses whose X-Forwarded-For is believed; false trusts no proxy. */
  trustProxy: string[] | false;
  /** An access line per request (LOG_REQUESTS); false logs failed requests only. True unless set. */
  logRequests?: boolean;
  /** Folder of the built web app; undefined serves the API only. */
  webDist: string | undefined;
  /** Folder of the gateway's built packages, offered for download to who may add gateways; none: no downloads. */
  gatewayPackages?: string | undefined;
  /** Each machine's own origin, where its board pages and webcam are served (docs/machine-origins.md). */
  machineOrigins: MachineOrigins;
  /** How long a proxied request waits for the board's answer (30 s; tests shorten it). */
  proxyTimeoutMs: number;
  /**
   * Uploads spooled to disk (OctoPrint's): the largest accepted (UPLOAD_MAX_BYTES, 1 GiB by default), and the
   * folder they are spooled to (the system's temporary folder by default; tests give their own).
   */
  uploads?: { maxBytes?: number; spoolDir?: string };
  /** argon2id cost; tests use a cheap one. */
  passwordHashing: { memoryCost: number; timeCost: number };
  /**
   * The live status: whether it follows the connected boards (default true), each read every `pollMs`
   * (2 s), each stream's session checked every `streamRefreshMs` (30 s). Tests shorten the times.
   */
  liveStatus?: { follow?: boolean; pollMs?: number; streamRefreshMs?: number };
  /**
   * The activity record: the folder of this instance's journal (none: entries wait in memory only), how many days
   * entries are kept (5 years), how long an entry waits to be written with others (200 ms), the file its signed
   * checkpoints are appended to (none: no checkpoints).
   */
  activity?: { journalDir?: string; retentionDays?: number; flushMs?: number; checkpointFile?: string };
  /**
   * How often an open webcam stream's viewer is checked again (5 s); tests lengthen it. Whether a machine event's
   * mail asks the camera for a frame when no stream is open (yes); API tests whose fake gateways answer only as
   * boards turn it off.
   */
  webcam?: { viewerRecheckMs?: number; mailSnapshots?: boolean };
  /**
   * The print library (docs/design.md §13): the folder its files are kept in (none: chunks in the database), and
   * the largest file it takes (the contract's LIMITS.libraryFileBytesMax unless set; tests make it small).
   */
  library?: { dir?: string | undefined; maxBytes?: number };
  /** How long after a finished job the board's statistics log is read (5 s); tests shorten it. */
  maintenance?: { catchUpDelayMs?: number };
  /** The portal's public address (PUBLIC_URL), the base of links in mails; never the request's Host. */
  publicUrl: string;
  /** SMTP server or outbox folder, and sender. */
  mail: MailSettings;
  /**
   * Web Push: the VAPID `subject` (a `mailto:` or `https:` address of the operator), a certificate authority
   * trusted beside the public ones (a self-hosted push service; tests' local one), the window in which a
   * machine tells each kind of event once (5 minutes), and the host names of push services allowed on private
   * addresses (none by default: only public push services are reached).
   */
  push?: {
    subject?: string | undefined;
    extraCa?: string;
    machineThrottleMs?: number;
    /** Push services on private addresses the portal may still connect to (a self-hosted one, tests' own). */
    privateHosts?: readonly string[];
    /** How push services' names resolve (the system's resolver; tests give their own, the network being closed). */
    resolve?: (hostname: string) => Promise<LookupAddress[]>;
  };
}

/** What every module factory takes. */
export interface ModuleDeps {
  db: Database;
  clock: Clock;
  config: AppConfig;
  /** What every instance of the deployment hears (one instance: only itself). */
  bus: ClusterBus;
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
