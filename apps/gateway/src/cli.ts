#!/usr/bin/env node
/**
 * `portal-gateway`: runs one gateway agent until stopped (SIGINT, SIGTERM); with `--check`, checks its
 * configuration, board, webcam and portal once and exits; with `--pair`, or started without a key, pairs with a
 * code shown on the console (README, "Pair with a code").
 */
import { type Logger, pino } from 'pino';
import { formatCheckLine, runChecks } from './check.ts';
import {
  type CliCommand,
  ConfigError,
  type PairingCommand,
  parseCli,
  USAGE,
  type ValidGatewayConfig,
} from './config.ts';
import { startGateway } from './gateway.ts';
import { pairingBanner } from './pairing/banner.ts';
import { pairGateway } from './pairing/pairing-client.ts';
import { saveCredentials } from './pairing/saved-config.ts';
import { GATEWAY_VERSION } from './version.ts';

/** Exit code of a configuration that cannot run (as with a usage error). */
const EXIT_BAD_CONFIG = 2;
/** Exit code of a check that found a problem. */
const EXIT_CHECK_FAILED = 1;

let command: CliCommand;
try {
  command = parseCli(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(EXIT_BAD_CONFIG);
}
if (command.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

if (!('pairing' in command) && command.check) {
  const { logLevel: _, ...config } = command.config;
  const lines = await runChecks(config);
  for (const line of lines) process.stdout.write(`${formatCheckLine(line)}\n`);
  process.exit(lines.some((line) => line.result.outcome === 'fail') ? EXIT_CHECK_FAILED : 0);
}

// One line per event: readable at a terminal, JSON for journald and log collectors; both written synchronously,
// with no worker thread, to keep a small computer's memory for the printer. The pretty printer is loaded only for
// a terminal: a service never pays for it.
async function loggerFor(level: string, controller: number | undefined): Promise<Logger> {
  const options = { level, base: controller === undefined ? {} : { controller } };
  return process.stdout.isTTY
    ? pino(
        options,
        (await import('pino-pretty')).default({
          sync: true,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname',
        }),
      )
    : pino(options);
}

/** Pairs, saves what it learned and answers the configuration to run with; `--pair` exits instead. */
async function pair(
  { exitAfter, config, configPath }: PairingCommand,
  logger: Logger,
): Promise<ValidGatewayConfig> {
  const stopped = new AbortController();
  const stop = () => stopped.abort(new Error('stopped'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const paired = await pairGateway({
    server: config.server,
    version: GATEWAY_VERSION,
    signal: stopped.signal,
    onCode: (issued) => {
      // The console shows the code framed, for the installer; the log says it once per code, for journalctl.
      if (exitAfter || process.stdout.isTTY) process.stdout.write(`${pairingBanner(issued)}\n`);
      if (!exitAfter) {
        logger.info(
          { code: issued.code, expiresAt: issued.expiresAt },
          `pairing code ${issued.code}: enter it on the computer controller's page in the portal`,
        );
      }
    },
    onProblem: (message) => logger.warn(`pairing: ${message}; trying again`),
  }).catch((error: unknown) => {
    if (stopped.signal.aborted) process.exit(0);
    throw error;
  });
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  logger.info({ controller: paired.controller }, 'paired with the portal');
  if (configPath) {
    try {
      await saveCredentials(configPath, config.server, paired);
      logger.info({ file: configPath }, 'credentials saved');
    } catch (error) {
      logger.error(
        { file: configPath, err: error },
        'could not save the credentials: the gateway runs now but must be paired again after a restart',
      );
      if (exitAfter) process.exit(1);
    }
  }
  if (exitAfter) {
    process.stdout.write(
      `Paired with controller ${paired.controller}${configPath ? `; settings saved in ${configPath}` : ''}.\n` +
        'Start the service now: sudo systemctl enable portal-gateway && sudo systemctl restart portal-gateway\n',
    );
    process.exit(0);
  }
  return {
    server: config.server,
    controller: paired.controller,
    key: paired.key,
    board: paired.board,
    webcam: paired.webcam ?? undefined,
    boardPassword: config.boardPassword,
  };
}

const logger =
  'pairing' in command
    ? await loggerFor(command.pairing.config.logLevel, undefined)
    : await loggerFor(command.config.logLevel, command.config.controller);
const config: ValidGatewayConfig =
  'pairing' in command
    ? await pair(command.pairing, logger)
    : (({ logLevel: _, ...rest }) => rest)(command.config);

logger.info(
  { server: new URL(config.server).origin, board: config.board, webcam: config.webcam ?? null },
  'portal gateway starting',
);
const gateway = startGateway(config, { logger });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'portal gateway stopping');
    gateway.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
