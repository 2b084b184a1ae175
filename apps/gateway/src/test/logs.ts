import { type Logger, pino } from 'pino';

export interface LogEntry {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A logger whose entries a test can read back, to check what was logged and what never was. */
export function captureLogs(): { logger: Logger; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => entries.push(JSON.parse(line)) });
  return { logger, entries };
}
