import path from 'node:path';
import { DEFAULT_SESSION_TTL_SECONDS, LIMITS, passwordRuleSchema } from '@portal/contract';
import { z } from 'zod';
import type { FirstAdministrator } from './modules/users/first-administrator.ts';
import { defaultMachineOriginPattern, MachineOrigins, PATTERN_RULE } from './shared/machine-origins.ts';

const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['on', 'true', '1', 'yes'].includes(value));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    // Several instances: Redis carries what they share (docs/design.md §7); one instance needs none.
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    REDIS_NAMESPACE: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
      .default('portal'),
    // Several instances reach each other's tunnels over HTTP/2 on a port of their own, never a public one
    // (docs/design.md §7): the secret every instance of the deployment shares, the port, and the address the
    // others dial (by default HOST, which must then be an address they can reach).
    INSTANCE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    INSTANCE_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    INSTANCE_HOST: z.string().min(1).optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_TTL: z.coerce
      .number()
      .int()
      .min(10, 'must be at least 10 seconds')
      .default(DEFAULT_SESSION_TTL_SECONDS),
    // The activity record's key (docs/design.md §9), never in the database; generated into DATA_DIR unless set.
    ACTIVITY_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    // Where the activity record's signed checkpoints are appended; DATA_DIR/activity-checkpoints.jsonl unless set.
    ACTIVITY_CHECKPOINT_FILE: z.string().min(1).optional(),
    // How many days the activity record keeps an entry (docs/design.md §9); five years unless set.
    ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(1, 'must be at least 1 day').default(1825),
    DEMO: flag.default(true),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: passwordRuleSchema.optional(),
    OPERATOR_NAME: z.string().trim().min(1).max(LIMITS.businessNameMax).default('Operator'),
    TRUST_PROXY: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // An access line per request; `npm start` turns it off for the demo unless set.
    LOG_REQUESTS: flag.default(true),
    WEB_DIST: z.string().optional(),
    GATEWAY_PACKAGES: z.string().optional(),
    // A pattern: every machine has an origin of its own (docs/machine-origins.md).
    MACHINE_ORIGIN: z
      .string()
      .refine((pattern) => isMachineOriginPattern(pattern), PATTERN_RULE)
      .optional(),
    MACHINE_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    // How long a stopping instance stays up unready before it stops listening: the load balancer's time to notice.
    DRAIN_SECONDS: z.coerce.number().int().min(0).max(300, 'must be at most 300 seconds').default(0),
    // Prometheus metrics on a port of their own; none unless set (never on the public port).
    METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    // 30 s, as a stalled board needs no longer to show; tests that watch a board stall shorten it.
    PROXY_TIMEOUT: z.coerce
      .number()
      .int()
      .min(1, 'must be at least 1 second')
      .max(600, 'must be at most 600 seconds')
      .default(30),
    // The largest OctoPrint upload, which is spooled to disk before it goes to the board.
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024 * 1024, 'must be at least 1048576 (1 MiB)')
      .default(1024 * 1024 * 1024),
    // The print library's folder, mounted on every instance; unset: DATA_DIR/library on the embedded database, and
    // in the database itself with DATABASE_URL (docs/design.md §13).
    LIBRARY_DIR: z.string().min(1).optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((url) => new URL(url).origin)
      .optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().trim().min(3).default('Portal <no-reply@localhost>'),
    // The VAPID subject: how push services reach the operator (RFC 8292).
    PUSH_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// address')
      .optional(),
    // Push services on private addresses the portal may still reach (a self-hosted one); none by default.
    PUSH_PRIVATE_HOSTS: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (!env.MACHINE_ORIGIN && env.PUBLIC_URL && !hasSubdomains(new URL(env.PUBLIC_URL).hostname)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'needs a host name with a dot (machines get origins of their own under it, e.g. portal.example.com), or set MACHINE_ORIGIN',
      });
    }
    if (env.REDIS_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message:
          'needs DATABASE_URL: several instances share one PostgreSQL database (the embedded one is one process)',
      });
    }
    if (env.REDIS_URL && !env.INSTANCE_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['INSTANCE_SECRET'],
        message:
          'needs to be set with REDIS_URL: the instances forward machine traffic to each other and prove it with this shared secret (at least 32 characters)',
      });
    }
    if (env.REDIS_URL && !env.ACTIVITY_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ACTIVITY_KEY'],
        message:
          'needs to be set with REDIS_URL: every instance appends to the activity record with this shared key (at least 32 characters)',
      });
    }
    if (!env.DEMO && !env.ADMIN_EMAIL !== !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
      });
    }
  });

/** The server's configuration, parsed once at start; nothing else reads `process.env`. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Redis for several instances (REDIS_URL, needing DATABASE_URL), and the prefix of its keys and channels. */
  redis: { url: string; namespace: string } | undefined;
  /**
   * Several instances (with `redis`): the secret they share, where this one listens for the others (INSTANCE_PORT,
   * by default PORT + 2, on HOST) and the host they dial it at (INSTANCE_HOST, by default HOST).
   */
  instances: { secret: string; port: number; host: string } | undefined;
  /** Given secret, or undefined to use (and create) the one kept in the data folder. */
  jwtSecret: string | undefined;
  sessionTtlSeconds: number;
  /** The activity record's key, or undefined to use (and create) the one kept in the data folder. */
  activityKey: string | undefined;
  /** The file the activity record's signed checkpoints are appended to (by default in the data folder). */
  activityCheckpointFile: string;
  /** How many days the activity record keeps an entry. */
  activityRetentionDays: number;
  demo: boolean;
  firstAdmin: FirstAdministrator | undefined;
  /** Addresses whose X-Forwarded-For is believed; false trusts no proxy. */
  trustProxy: string[] | false;
  logLevel: string;
  /** An access line per request (LOG_REQUESTS); false logs only the failed ones. */
  logRequests: boolean;
  webDist: string | undefined;
  /** Folder of the gateway's built packages (GATEWAY_PACKAGES); undefined: apps/gateway/dist. */
  gatewayPackages: string | undefined;
  /** Each machine's origin (MACHINE_ORIGIN, by default `m{id}.` before PUBLIC_URL's host on `machinePort`). */
  machineOrigins: MachineOrigins;
  /** Where the machine origins listen: MACHINE_PORT, by default PORT + 1. */
  machinePort: number;
  /** How long SIGTERM's drain lasts before the server stops listening (DRAIN_SECONDS; 0 for one instance). */
  drainMs: number;
  /** Where `/metrics` listens for Prometheus (METRICS_PORT, on HOST); undefined: no metrics endpoint. */
  metricsPort: number | undefined;
  /** How long a proxied request waits for the board's answer: PROXY_TIMEOUT seconds, by default 30. */
  proxyTimeoutMs: number;
  /** The largest upload the portal spools to disk (OctoPrint's): UPLOAD_MAX_BYTES, by default 1 GiB. */
  uploadMaxBytes: number;
  /**
   * The folder the print library keeps its files in: LIBRARY_DIR, else DATA_DIR/library without DATABASE_URL;
   * undefined: in the database (docs/design.md §13).
   */
  libraryDir: string | undefined;
  /**
   * The portal's public address, for links in mails and the frames' ancestor: PUBLIC_URL, by default
   * http://portal.localhost:PORT (never the request's Host header, which anyone can forge).
   */
  publicUrl: string;
  /** Where mail goes: SMTP_URL's server, or without it the outbox folder `DATA_DIR/outbox`. */
  smtpUrl: string | undefined;
  /** The sender of the portal's mails. */
  mailFrom: string;
  /** The VAPID subject of Web Push: PUSH_SUBJECT, else the first administrator's address. */
  pushSubject: string | undefined;
  /** Host names of push services on private addresses the portal may connect to (PUSH_PRIVATE_HOSTS). */
  pushPrivateHosts: string[];
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  const machinePort = parsed.MACHINE_PORT ?? parsed.PORT + 1;
  const publicUrl = parsed.PUBLIC_URL ?? `http://${LOCAL_PORTAL_HOST}:${parsed.PORT}`;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    redis: parsed.REDIS_URL ? { url: parsed.REDIS_URL, namespace: parsed.REDIS_NAMESPACE } : undefined,
    instances:
      parsed.REDIS_URL && parsed.INSTANCE_SECRET
        ? {
            secret: parsed.INSTANCE_SECRET,
            port: parsed.INSTANCE_PORT ?? parsed.PORT + 2,
            host: parsed.INSTANCE_HOST ?? parsed.HOST,
          }
        : undefined,
    jwtSecret: parsed.JWT_SECRET,
    sessionTtlSeconds: parsed.SESSION_TTL,
    activityKey: parsed.ACTIVITY_KEY,
    activityCheckpointFile:
      parsed.ACTIVITY_CHECKPOINT_FILE ?? path.join(parsed.DATA_DIR, 'activity-checkpoints.jsonl'),
    activityRetentionDays: parsed.ACTIVITY_RETENTION_DAYS,
    demo: parsed.DEMO,
    firstAdmin:
      parsed.ADMIN_EMAIL && parsed.ADMIN_PASSWORD
        ? {
            email: parsed.ADMIN_EMAIL.toLowerCase(),
            password: parsed.ADMIN_PASSWORD,
            operatorName: parsed.OPERATOR_NAME,
          }
        : undefined,
    trustProxy: parsed.TRUST_PROXY
      ? parsed.TRUST_PROXY.split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
      : false,
    logLevel: parsed.LOG_LEVEL,
    logRequests: parsed.LOG_REQUESTS,
    webDist: parsed.WEB_DIST,
    gatewayPackages: parsed.GATEWAY_PACKAGES,
    machineOrigins: new MachineOrigins(
      parsed.MACHINE_ORIGIN ?? defaultMachineOriginPattern(publicUrl, machinePort),
    ),
    machinePort,
    metricsPort: parsed.METRICS_PORT,
    drainMs: parsed.DRAIN_SECONDS * 1000,
    proxyTimeoutMs: parsed.PROXY_TIMEOUT * 1000,
    uploadMaxBytes: parsed.UPLOAD_MAX_BYTES,
    libraryDir:
      parsed.LIBRARY_DIR ?? (parsed.DATABASE_URL ? undefined : path.join(parsed.DATA_DIR, 'library')),
    publicUrl,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    pushSubject:
      parsed.PUSH_SUBJECT ?? (parsed.ADMIN_EMAIL ? `mailto:${parsed.ADMIN_EMAIL.toLowerCase()}` : undefined),
    pushPrivateHosts: (parsed.PUSH_PRIVATE_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
  };
}

/**
 * The portal's host name when PUBLIC_URL is not set. Not plain `localhost`: browsers treat each `*.localhost` host
 * as a site of its own, so frames on `m{id}.localhost` would get no cookie from a portal on `localhost`; under
 * `portal.localhost` the portal and its machines are one site, and browsers resolve every name there to this
 * computer. The portal sends browsers that come by `localhost` there (plugins/local-portal-host.ts).
 */
export const LOCAL_PORTAL_HOST = 'portal.localhost';

function isMachineOriginPattern(pattern: string): boolean {
  try {
    return Boolean(new MachineOrigins(pattern));
  } catch {
    return false;
  }
}

/** A name machine origins can sit under: two labels or more, not an IP address. */
function hasSubdomains(hostname: string): boolean {
  return hostname.includes('.') && !/^[0-9.]+$/.test(hostname) && !hostname.startsWith('[');
}
