import { DEFAULT_SESSION_TTL_SECONDS, LIMITS, passwordRuleSchema } from '@portal/contract';
import { z } from 'zod';
import type { FirstAdministrator } from './modules/users/first-administrator.ts';

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
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_TTL: z.coerce
      .number()
      .int()
      .min(10, 'must be at least 10 seconds')
      .default(DEFAULT_SESSION_TTL_SECONDS),
    DEMO: flag.default(true),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: passwordRuleSchema.optional(),
    OPERATOR_NAME: z.string().trim().min(1).max(LIMITS.businessNameMax).default('Operator'),
    TRUST_PROXY: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    MACHINE_ORIGIN: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((url) => new URL(url).origin)
      .optional(),
    MACHINE_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    // DESIGN.md §5: 30 s; tests that watch a board stall shorten it.
    PROXY_TIMEOUT: z.coerce
      .number()
      .int()
      .min(1, 'must be at least 1 second')
      .max(600, 'must be at most 600 seconds')
      .default(30),
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
  })
  .superRefine((env, ctx) => {
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
  /** Given secret, or undefined to use (and create) the one kept in the data folder. */
  jwtSecret: string | undefined;
  sessionTtlSeconds: number;
  demo: boolean;
  firstAdmin: FirstAdministrator | undefined;
  /** Addresses whose X-Forwarded-For is believed; false trusts no proxy. */
  trustProxy: string[] | false;
  logLevel: string;
  webDist: string | undefined;
  /** Public URL of the machine origin (DESIGN.md §5); undefined: this host on `machinePort`. */
  machineOrigin: string | undefined;
  /** Where the machine origin listens: MACHINE_PORT, by default PORT + 1. */
  machinePort: number;
  /** How long a proxied request waits for the board's answer: PROXY_TIMEOUT seconds, by default 30. */
  proxyTimeoutMs: number;
  /**
   * The portal's public address, for links in mails: PUBLIC_URL, by default http://localhost:PORT (never
   * the request's Host header, which anyone can forge).
   */
  publicUrl: string;
  /** Where mail goes: SMTP_URL's server, or without it the outbox folder `DATA_DIR/outbox`. */
  smtpUrl: string | undefined;
  /** The sender of the portal's mails. */
  mailFrom: string;
  /** The VAPID subject of Web Push: PUSH_SUBJECT, else the first administrator's address. */
  pushSubject: string | undefined;
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
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    jwtSecret: parsed.JWT_SECRET,
    sessionTtlSeconds: parsed.SESSION_TTL,
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
    webDist: parsed.WEB_DIST,
    machineOrigin: parsed.MACHINE_ORIGIN,
    machinePort: parsed.MACHINE_PORT ?? parsed.PORT + 1,
    proxyTimeoutMs: parsed.PROXY_TIMEOUT * 1000,
    publicUrl: parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    pushSubject:
      parsed.PUSH_SUBJECT ?? (parsed.ADMIN_EMAIL ? `mailto:${parsed.ADMIN_EMAIL.toLowerCase()}` : undefined),
  };
}
