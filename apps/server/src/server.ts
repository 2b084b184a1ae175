import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from './db/database.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoFleet } from './demo/demo-fleet.ts';
import { type DemoGateway, issueDemoGatewayKeys } from './demo/demo-gateways.ts';
import { loggerOptions } from './logging.ts';
import { buildMachineOrigin } from './machine-origin.ts';
import { listenForMetrics } from './metrics-endpoint.ts';
import { loadActivityKeySecret } from './modules/activity/activity-key.ts';
import { loadJwtSecret } from './modules/auth/token.service.ts';
import type { ClusterMembership } from './modules/gateway/gateway.module.ts';
import { listenForInstances } from './modules/gateway/instance-link.ts';
import { ensureFirstAdministrator } from './modules/users/first-administrator.ts';
import { type ClusterBus, InProcessBus, RedisBus } from './shared/cluster-bus.ts';
import { DEFAULT_HASHING_COST } from './shared/password-hasher.ts';
import { connectRedis, type RedisConnections } from './shared/redis.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
/** Where `npm run build:gateway` (and `npm start`) put the gateway's packages. */
const DEFAULT_GATEWAY_PACKAGES = fileURLToPath(new URL('../../gateway/dist', import.meta.url));
/** A checked session is trusted this long without the database; this instance's own changes end it at once. */
const SESSION_CACHE_MS = 5000;
/**
 * How long a machine access is trusted: every administrative action makes every instance forget its grants at once,
 * and none outlives its licence, so the limit only bounds a change the bus did not carry.
 */
const GRANT_CACHE_MS = 30_000;
/** How often an instance looks for housekeeping due (each task runs once per period for the deployment). */
const HOUSEKEEPING_LOOK_MS = 15_000;

export interface RunningServer {
  /** The portal's address, e.g. http://127.0.0.1:8080. */
  url: string;
  /** Where people open the portal (`PUBLIC_URL`): the address to print, the one mails carry. */
  publicUrl: string;
  /** Who can sign in first: the demo administrator (with the demo password) or the configured one. */
  firstSignIn: { email: string; password?: string } | undefined;
  /** In demo mode: the demo groups' gateways with fresh keys, for the simulated hardware to dial in. */
  demoGateways: DemoGateway[];
  log: {
    info(message: string): void;
    warn(object: unknown, message?: string): void;
    /** Writes out what the logger still buffers, then calls back. */
    flush(callback?: (error?: Error) => void): void;
  };
  /**
   * SIGTERM's first half: the instance reports itself unready, its gateways are told to dial again (elsewhere), its
   * status streams end so browsers reconnect elsewhere, and it waits DRAIN_SECONDS for the load balancer to notice,
   * still answering the requests it gets.
   */
  drain(): Promise<void>;
  /** Stops listening (requests under way finish within a grace), closes the database, releases the data folder. */
  close(): Promise<void>;
}

/** The lock a portal on the embedded database holds on its data folder: stale 15 s after its holder stops. */
const dataFolderLock = (dataDir: string) => ({ lockfilePath: path.join(dataDir, '.lock'), stale: 15_000 });

/** Whether a running portal holds `dataDir`, whose embedded database nothing else may open meanwhile. */
export const dataFolderInUse = (dataDir: string): Promise<boolean> =>
  lockfile.check(dataDir, dataFolderLock(dataDir));

/** Starts the portal and its machine origin from the environment; the caller decides when to close it. */
export async function startServer(
  env: Record<string, string | undefined> = process.env,
): Promise<RunningServer> {
  const config = parseConfig(env);
  const dataDir = path.resolve(config.dataDir);
  await mkdir(dataDir, { recursive: true });

  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };

  try {
    // Redis first: a wrong REDIS_URL stops the start before the database is touched.
    let redis: RedisConnections | undefined;
    let bus: ClusterBus = new InProcessBus();
    if (config.redis) {
      const { url, namespace } = config.redis;
      redis = await connectRedis(url).catch((error: Error) => {
        throw new ConfigError(`REDIS_URL: cannot reach Redis at ${redactedUrl(url)} (${error.message})`);
      });
      cleanups.push(() => redis?.close() ?? Promise.resolve());
      bus = new RedisBus(redis.commands, redis.subscriber, namespace);
    }

    let database: DatabaseHandle;
    if (config.databaseUrl) {
      database = await openPostgres(config.databaseUrl);
    } else {
      // PGlite has no lock of its own: a second server on the same folder would corrupt it.
      const release = await lockfile
        .lock(dataDir, { ...dataFolderLock(dataDir), update: 5_000 })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ELOCKED') throw new ConfigError(`Another portal server is using ${dataDir}`);
          throw error;
        });
      cleanups.push(release);
      database = await openPglite(path.join(dataDir, 'pglite'));
    }
    cleanups.push(() => database.close());

    // Several instances: the port the others forward machine traffic to, listening before any tunnel can arrive.
    let membership: ClusterMembership | undefined;
    let instancePort: Awaited<ReturnType<typeof listenForInstances>> | undefined;
    if (redis && config.redis && config.instances) {
      const { host, port, secret } = config.instances;
      const listening = await listenForInstances(config.host, port).catch((error: Error) => {
        throw new ConfigError(`INSTANCE_PORT: cannot listen on ${config.host}:${port} (${error.message})`);
      });
      instancePort = listening;
      cleanups.push(() => listening.close());
      const boundPort = listening.address.slice(listening.address.lastIndexOf(':') + 1);
      membership = {
        redis: redis.commands,
        namespace: config.redis.namespace,
        self: { id: randomUUID(), address: `${host}:${boundPort}` },
        secret,
      };
    }

    const { app, modules, metrics } = await buildApp({
      config: {
        jwtSecret: await loadJwtSecret(config.jwtSecret, dataDir),
        activityKey: await loadActivityKeySecret(config.activityKey, dataDir, { create: true }),
        sessionTtlSeconds: config.sessionTtlSeconds,
        activity: {
          journalDir: path.join(dataDir, 'activity-journal'),
          retentionDays: config.activityRetentionDays,
          checkpointFile: config.activityCheckpointFile,
        },
        sessionCacheMs: SESSION_CACHE_MS,
        grantCacheMs: GRANT_CACHE_MS,
        trustProxy: config.trustProxy,
        logRequests: config.logRequests,
        webDist: config.webDist ?? DEFAULT_WEB_DIST,
        gatewayPackages: config.gatewayPackages ?? DEFAULT_GATEWAY_PACKAGES,
        passwordHashing: DEFAULT_HASHING_COST,
        machineOrigins: config.machineOrigins,
        proxyTimeoutMs: config.proxyTimeoutMs,
        uploads: { maxBytes: config.uploadMaxBytes },
        library: { dir: config.libraryDir },
        publicUrl: config.publicUrl,
        mail: { from: config.mailFrom, smtpUrl: config.smtpUrl, outboxDir: path.join(dataDir, 'outbox') },
        push: { subject: config.pushSubject, privateHosts: config.pushPrivateHosts },
      },
      db: database.db,
      logger: loggerOptions(config),
      bus,
      cluster: membership,
    });
    if (redis) modules.health.readiness.require('redis', redis.ping);
    // Every module has subscribed: from here on no other instance's message is missed.
    await bus.subscribed();
    // What an earlier run left unwritten goes in before any new entry can be made.
    await modules.activity.start(app.log);
    await modules.gateway.start();
    cleanups.push(async () => modules.gateway.stop());
    if (instancePort && modules.gateway.forwarded) instancePort.serve(modules.gateway.forwarded);
    cleanups.push(() => app.close());
    const seeded = config.demo
      ? await seedDemoFleet(modules, { db: database.db })
      : await ensureFirstAdministrator(modules, config.firstAdmin);
    const demoGateways = config.demo
      ? await issueDemoGatewayKeys(database.db, modules.controllers.repository, new Date())
      : [];

    // What fell due while the portal was stopped is told now, not at the housekeeping's first round.
    await modules.maintenance.reminders
      .check()
      .catch((error: unknown) => app.log.warn({ err: error }, 'maintenance reminders not checked'));
    modules.housekeeping.service.start(HOUSEKEEPING_LOOK_MS, app.log);
    cleanups.push(() => modules.housekeeping.service.stop());

    const machineOrigin = await buildMachineOrigin(modules, loggerOptions(config), {
      logRequests: config.logRequests,
    });
    cleanups.push(() => machineOrigin.close());
    const address = await app.listen({ port: config.port, host: config.host });
    const machineAddress = await machineOrigin.listen({ port: config.machinePort, host: config.host });
    app.log.info(
      { database: database.kind, dataDir },
      `portal listening on ${address}: open ${config.publicUrl}`,
    );
    app.log.info(`machine origins listening on ${machineAddress} (${config.machineOrigins.pattern})`);
    if (config.metricsPort !== undefined) {
      const endpoint = await listenForMetrics(metrics, config.host, config.metricsPort);
      cleanups.push(() => endpoint.close());
      app.log.info(`metrics for Prometheus at ${endpoint.url}/metrics`);
    }
    if (config.demo) {
      const accounts = DEMO_USERS.map((user) => user.email).join(', ');
      app.log.info(`demo ${seeded ? 'fleet created' : 'fleet'}: ${accounts} (password ${DEMO_PASSWORD})`);
    }
    const firstSignIn = config.demo
      ? { email: DEMO_USERS[0].email, password: DEMO_PASSWORD }
      : config.firstAdmin && { email: config.firstAdmin.email };
    return {
      url: address,
      publicUrl: config.publicUrl,
      firstSignIn,
      demoGateways,
      log: {
        info: (message) => app.log.info(message),
        warn: (object, message) => app.log.warn(object, message),
        // Pino's, which Fastify's logger type leaves out.
        flush(callback) {
          const { flush } = app.log as { flush?: (done?: (error?: Error) => void) => void };
          if (flush) flush.call(app.log, callback);
          else callback?.();
        },
      },
      async drain() {
        modules.health.readiness.drain();
        if (config.drainMs > 0) await sleep(config.drainMs);
      },
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** A Redis address fit for a message: its password left out. */
function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Run directly (`node apps/server/src/server.ts`): the portal alone, stopped by SIGINT or SIGTERM. */
async function main(): Promise<void> {
  const server = await startServer();
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info(`shutting down (${signal})`);
    void server
      .drain()
      .then(() => server.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
