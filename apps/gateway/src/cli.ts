#!/usr/bin/env node
/**
 * `portal-gateway`: runs one gateway agent until stopped (SIGINT, SIGTERM); with `--check`, checks its
 * configuration, board, webcam and portal once and exits.
 */
import { type Logger, pino } from 'pino';
import { formatCheckLine, runChecks } from './check.ts';
import { type CliCommand, ConfigError, parseCli, USAGE } from './config.ts';
import { startGateway } from './gateway.ts';

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

const { logLevel, ...config } = command.config;
if (command.check) {
  const lines = await runChecks(config);
  for (const line of lines) process.stdout.write(`${formatCheckLine(line)}\n`);
  process.exit(lines.some((line) => line.result.outcome === 'fail') ? EXIT_CHECK_FAILED : 0);
}
const options = { level: logLevel, base: { controller: config.controller } };
// One line per event: readable at a terminal, JSON for journald and log collectors; both written synchronously,
// with no worker thread, to keep a small computer's memory for the printer. The pretty printer is loaded only for
// a terminal: a service never pays for it.
const logger: Logger = process.stdout.isTTY
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
