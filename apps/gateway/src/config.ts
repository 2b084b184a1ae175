import { existsSync, readFileSync } from 'node:fs';
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

/** Credentials in an address would end up in logs and process lists: the key and password have settings of their own. */
const withoutCredentials = (value: string) => {
  const url = urlWith(['ws:', 'wss:', 'http:', 'https:'], value);
  return url === null || (url.username === '' && url.password === '');
};
const NO_CREDENTIALS = {
  message:
    'must not hold a user name or password: the key and the machine password have settings of their own',
};

const server = z
  .string()
  .trim()
  .refine((value) => urlWith(['ws:', 'wss:', 'http:', 'https:'], value) !== null, {
    message: 'must be the portal address, e.g. https://portal.example.com or ws://127.0.0.1:8080',
  })
  .refine(withoutCredentials, NO_CREDENTIALS);

const board = z
  .string()
  .trim()
  .refine((value) => urlWith(['http:'], value) !== null, {
    message: 'must be the board address over plain HTTP, e.g. http://192.168.1.50',
  })
  .refine(withoutCredentials, NO_CREDENTIALS);

const webcam = z
  .string()
  .trim()
  .refine((value) => urlWith(['http:'], value) !== null, {
    message: 'must be the webcam address over plain HTTP, e.g. http://192.168.1.51:8080',
  })
  .refine((value) => ['', '/'].includes(urlWith(['http:'], value)?.pathname ?? ''), {
    message: 'must have no path: mjpg-streamer serves /?action=stream at its root',
  })
  .refine(withoutCredentials, NO_CREDENTIALS);

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

/** A gateway still to be paired: the portal's address; the board and webcam may come from the pairing. */
const pairingConfigSchema = cliConfigSchema.partial({ controller: true, key: true, board: true });
export type PairingConfig = z.output<typeof pairingConfigSchema>;

/**
 * Where `--pair` reads its settings (when the file is there) and saves the credentials when neither --config nor
 * PORTAL_GATEWAY_CONFIG names a file: the file the packages install and the service reads, so that an
 * administrator's `sudo portal-gateway --pair` pairs with the portal the installer wrote there.
 */
export const DEFAULT_CONFIG_PATH = '/etc/portal-gateway/config.json';

/**
 * Pairing (README, "Pair with a code"): `exitAfter` for `--pair`, which saves the credentials and exits; otherwise
 * a service started without a key, which saves them and goes on to run.
 */
export interface PairingCommand {
  exitAfter: boolean;
  config: PairingConfig;
  /** The file the credentials are saved to; none: they are only printed (and used at once by a service). */
  configPath: string | undefined;
}

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
       portal-gateway --pair --server <url>

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
  --check                 test the configuration, the board, the webcam and the portal, print one line for each
                          (with the fix for a failure) and exit: 0 when all pass
  --pair                  show a pairing code, wait until it is entered on the controller's page in the portal,
                          save the credentials to the config file (default ${DEFAULT_CONFIG_PATH}, read
                          first when it is there) and exit; a gateway started without a key pairs the same way,
                          then runs
  --help                  show this text

A flag beats the environment, which beats the file. Keep the key out of the command line (other users of the
computer can read it there): put it in the environment or in a file only the gateway's user can read.`;

/** A configuration that cannot run; the CLI prints the message and exits with code 2. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type CliCommand =
  | { help: true }
  | { help: false; check: boolean; config: CliConfig }
  | { help: false; pairing: PairingCommand };

/** Where a setting's value came from, named as the installer wrote it. */
type Source = { kind: 'flag' | 'env' } | { kind: 'file'; path: string };

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

function sourceText(key: string, source: Source): string {
  const setting = SETTINGS.find((entry) => entry.key === key);
  if (source.kind === 'file' || !setting)
    return `"${key}" in ${source.kind === 'file' ? source.path : 'the configuration'}`;
  return source.kind === 'flag' ? `--${setting.flag}` : setting.env;
}

/** One line per problem, naming the field and where its value came from, or how to give a missing one. */
function issueLines(
  issues: readonly z.core.$ZodIssue[],
  sources: ReadonlyMap<string, Source>,
  configPath: string | undefined,
): string[] {
  return issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const known = SETTINGS.map((setting) => setting.key).join(', ');
      return `  ${issue.keys.map((key) => `field \`${key}\``).join(', ')} in ${configPath}: unknown setting (the settings are ${known})`;
    }
    const key = String(issue.path[0] ?? '');
    const source = sources.get(key);
    if (!source) {
      const setting = SETTINGS.find((entry) => entry.key === key);
      return setting
        ? `  field \`${key}\` is missing: give --${setting.flag}, ${setting.env} or "${key}" in the config file`
        : `  ${issue.message}`;
    }
    return `  field \`${key}\` (from ${sourceText(key, source)}): ${issue.message}`;
  });
}

/** parseArgs's own message, without the value it quotes: a mistyped flag may be followed by the key. */
function argumentProblem(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
    return 'An argument without a flag: every value follows its flag, e.g. --board http://192.168.1.50.';
  }
  return error.message;
}

/**
 * Reads the command line, the environment and the optional config file into one validated configuration.
 * `defaultConfigPath` is DEFAULT_CONFIG_PATH but in tests.
 */
export function parseCli(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  defaultConfigPath = DEFAULT_CONFIG_PATH,
): CliCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        ...Object.fromEntries(SETTINGS.map((setting) => [setting.flag, { type: 'string' as const }])),
        config: { type: 'string' },
        check: { type: 'boolean' },
        pair: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new ConfigError(`${argumentProblem(error as Error)}\n\n${USAGE}`);
  }
  if (values.help) return { help: true };

  const configPath =
    (values.config as string | undefined) ??
    (env[CONFIG_FILE_ENV] || undefined) ??
    (values.pair === true && existsSync(defaultConfigPath) ? defaultConfigPath : undefined);
  const merged: Record<string, unknown> = configPath ? readConfigFile(configPath) : {};
  const sources = new Map<string, Source>(
    Object.keys(merged).map((key) => [key, { kind: 'file', path: configPath as string }]),
  );
  for (const setting of SETTINGS) {
    const fromEnv = env[setting.env];
    if (fromEnv !== undefined && fromEnv !== '') {
      merged[setting.key] = fromEnv;
      sources.set(setting.key, { kind: 'env' });
    }
    const fromFlag = values[setting.flag];
    if (typeof fromFlag === 'string') {
      merged[setting.key] = fromFlag;
      sources.set(setting.key, { kind: 'flag' });
    }
  }

  const pairing = values.pair === true || (values.check !== true && merged.key === undefined);
  if (pairing) {
    const parsed = pairingConfigSchema.safeParse(merged);
    if (!parsed.success) {
      throw new ConfigError(
        `Invalid gateway configuration:\n${issueLines(parsed.error.issues, sources, configPath).join('\n')}\n\n` +
          'Run portal-gateway --help for usage.',
      );
    }
    const exitAfter = values.pair === true;
    return {
      help: false,
      pairing: {
        exitAfter,
        config: parsed.data,
        configPath: configPath ?? (exitAfter ? defaultConfigPath : undefined),
      },
    };
  }

  const result = cliConfigSchema.safeParse(merged);
  if (!result.success) {
    throw new ConfigError(
      `Invalid gateway configuration:\n${issueLines(result.error.issues, sources, configPath).join('\n')}\n\n` +
        'Run portal-gateway --help for usage.',
    );
  }
  return { help: false, check: values.check === true, config: result.data };
}
