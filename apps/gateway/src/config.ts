import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';

function urlWith(protocols: readonly string[], value: string): URL | null {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

const server = z
  .string()
  .trim()
  .refine((value) => urlWith(['ws:', 'wss:', 'http:', 'https:'], value) !== null, {
    message: 'must be the portal address, e.g. https://portal.example.com or ws://127.0.0.1:8080',
  });

const board = z
  .string()
  .trim()
  .refine((value) => urlWith(['http:'], value) !== null, {
    message: 'must be the board address over plain HTTP, e.g. http://192.168.1.50',
  });

const webcam = z
  .string()
  .trim()
  .refine((value) => urlWith(['http:'], value) !== null, {
    message: 'must be the webcam address over plain HTTP, e.g. http://192.168.1.51:8080',
  })
  .refine((value) => ['', '/'].includes(urlWith(['http:'], value)?.pathname ?? ''), {
    message: 'must have no path: mjpg-streamer serves /?action=stream at its root',
  });

/** Validates a GatewayConfig, with readable messages; numbers may arrive as strings (flags, environment). */
export const gatewayConfigSchema = z.strictObject({
  server,
  controller: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be a positive number')
    .max(2_147_483_647, 'is too large'),
  key: z.string().min(1, 'must not be empty').max(512, 'is too long'),
  board,
  webcam: webcam.optional(),
  boardPassword: z.string().max(255, 'is too long').default('reprap'),
});

/** What `startGateway` takes; the CLI builds it from flags, the environment and a config file. */
export interface GatewayConfig {
  /** The portal's address: https://…, http://…, wss://… or ws://…, optionally with a path prefix. */
  server: string;
  /** The computer controller's id in the portal. */
  controller: number;
  /** The gateway key the portal issued for that controller. */
  key: string;
  /** The board's address over plain HTTP, e.g. http://192.168.1.50. */
  board: string;
  /** The mjpg-streamer's address, without a path; none means the machine has no webcam. */
  webcam?: string | undefined;
  /** The board's machine password (M551); default `reprap`, a board's "no password". */
  boardPassword?: string | undefined;
}

/** A GatewayConfig after validation: numbers parsed, defaults filled in. */
export type ValidGatewayConfig = z.output<typeof gatewayConfigSchema>;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const cliConfigSchema = gatewayConfigSchema.extend({
  logLevel: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
});

export type CliConfig = z.output<typeof cliConfigSchema>;

/** Every setting with its three spellings, in the order precedence is told: flag > environment > file. */
const SETTINGS = [
  { key: 'server', flag: 'server', env: 'PORTAL_GATEWAY_SERVER' },
  { key: 'controller', flag: 'controller', env: 'PORTAL_GATEWAY_CONTROLLER' },
  { key: 'key', flag: 'key', env: 'PORTAL_GATEWAY_KEY' },
  { key: 'board', flag: 'board', env: 'PORTAL_GATEWAY_BOARD' },
  { key: 'webcam', flag: 'webcam', env: 'PORTAL_GATEWAY_WEBCAM' },
  { key: 'boardPassword', flag: 'board-password', env: 'PORTAL_GATEWAY_BOARD_PASSWORD' },
  { key: 'logLevel', flag: 'log-level', env: 'PORTAL_GATEWAY_LOG_LEVEL' },
] as const;

const CONFIG_FILE_ENV = 'PORTAL_GATEWAY_CONFIG';

export const USAGE = `Usage: portal-gateway --server <url> --controller <id> --key <key> --board <url> [options]

Connects a machine's Duet board (and webcam) to the portal through one outbound tunnel.

Options (each also read from the environment variable shown, or from the JSON config file):
  --server <url>          portal address, https://… or ws://…        PORTAL_GATEWAY_SERVER          "server"
  --controller <id>       computer controller id from the portal      PORTAL_GATEWAY_CONTROLLER      "controller"
  --key <key>             gateway key from the portal                 PORTAL_GATEWAY_KEY             "key"
  --board <url>           board address, e.g. http://192.168.1.50     PORTAL_GATEWAY_BOARD           "board"
  --webcam <url>          mjpg-streamer address (optional)            PORTAL_GATEWAY_WEBCAM          "webcam"
  --board-password <pw>   machine password (default: reprap)          PORTAL_GATEWAY_BOARD_PASSWORD  "boardPassword"
  --log-level <level>     info (default), debug, warn, error, …       PORTAL_GATEWAY_LOG_LEVEL       "logLevel"
  --config <file>         JSON config file                            PORTAL_GATEWAY_CONFIG
  --help                  show this text

A flag beats the environment, which beats the file. Keep the key out of the command line (other users of the
computer can read it there): put it in the environment or in a file only the gateway's user can read.`;

/** A configuration that cannot run; the CLI prints the message and exits with code 2. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type CliCommand = { help: true } | { help: false; config: CliConfig };

function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`Cannot read the config file ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`The config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError(`The config file ${path} must hold one JSON object.`);
  }
  return value as Record<string, unknown>;
}

function describeSetting(path: PropertyKey[], fromFile: string | undefined): string {
  const setting = SETTINGS.find((entry) => entry.key === path[0]);
  if (!setting)
    return fromFile ? `"${path.join('.')}" in ${fromFile}` : String(path.join('.') || 'configuration');
  return `--${setting.flag} (or ${setting.env}${fromFile ? `, or "${setting.key}" in ${fromFile}` : ''})`;
}

/** Reads the command line, the environment and the optional config file into one validated configuration. */
export function parseCli(argv: readonly string[], env: Record<string, string | undefined>): CliCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(SETTINGS.map((setting) => [setting.flag, { type: 'string' as const }])),
        config: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) return { help: true };

  const configPath = (values.config as string | undefined) ?? (env[CONFIG_FILE_ENV] || undefined);
  const merged: Record<string, unknown> = configPath ? readConfigFile(configPath) : {};
  for (const setting of SETTINGS) {
    const fromEnv = env[setting.env];
    if (fromEnv !== undefined && fromEnv !== '') merged[setting.key] = fromEnv;
    const fromFlag = values[setting.flag];
    if (typeof fromFlag === 'string') merged[setting.key] = fromFlag;
  }

  const result = cliConfigSchema.safeParse(merged);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        return `  ${configPath}: unknown setting${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
      }
      const missing = issue.code === 'invalid_type' && merged[String(issue.path[0])] === undefined;
      return `  ${describeSetting(issue.path, configPath)}: ${missing ? 'is required' : issue.message}`;
    });
    throw new ConfigError(
      `Invalid gateway configuration:\n${lines.join('\n')}\n\nRun portal-gateway --help for usage.`,
    );
  }
  return { help: false, config: result.data };
}
