import type { MachineJobOutcome } from '@portal/contract';
import Papa from 'papaparse';

/**
 * The board's statistics log (docs/design.md §12): one line per job the machine's own macros wrote as it ended,
 * `Data,File,Durata,Filamento (mm),Esito` (packages/board-sim/src/sd/seed-statistics.ts writes it the same way).
 * Pure rules: reading the file, the board's zone, and the names a job's file goes by.
 */
export const STATISTICS_LOG_PATH = '0:/sys/Statistiche/statistiche_v1.csv';

/** One job of the log. */
export interface StatisticsRow {
  /** When it ended on the board's own clock, to the minute, `YYYY-MM-DD HH:MM` (no zone: the board has none). */
  local: string;
  /** The file as the log names it (relative to `0:/gcodes/`, or a full board path). */
  fileName: string;
  printSeconds: number | null;
  filamentMm: number | null;
  outcome: MachineJobOutcome | null;
}

export interface StatisticsLog {
  rows: StatisticsRow[];
  /** Lines that were neither a job nor the header (blank lines are not counted). */
  skipped: number;
}

type Column = 'date' | 'file' | 'duration' | 'filament' | 'outcome';

/** The columns of a log without a header row, in the order the macros write them. */
const DEFAULT_COLUMNS: readonly Column[] = ['date', 'file', 'duration', 'filament', 'outcome'];

/** A header cell's column, in Italian (the macros') or English. */
const COLUMN_NAMES: readonly [Column, RegExp][] = [
  ['date', /^(data|date)\b/i],
  ['file', /^(file|nome file|file ?name)\b/i],
  ['duration', /^(durata|duration|tempo|time)\b/i],
  ['filament', /^(filamento|filament)\b/i],
  ['outcome', /^(esito|outcome|result|risultato)\b/i],
];

/** Outcome words, Italian or English, either gender (lower case). */
const OUTCOMES: Record<string, MachineJobOutcome> = {
  completata: 'completed',
  completato: 'completed',
  completed: 'completed',
  complete: 'completed',
  finished: 'completed',
  annullata: 'cancelled',
  annullato: 'cancelled',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  interrotta: 'interrupted',
  interrotto: 'interrupted',
  interrupted: 'interrupted',
};

const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** `2026-03-04 07:05` (or with `T`, seconds, unpadded day or month) as `YYYY-MM-DD HH:MM`; null if no such time. */
export function readLocalMinute(cell: string): string | null {
  const match = DATE.exec(cell.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes));
  // 2026-02-30 or 25:00 roll over into another date: no such time.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hours ||
    date.getUTCMinutes() !== minutes
  )
    return null;
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Seconds from a duration as the board writes it (`1d 2h 3m 4s`, `2h 19m 50s`, `26m 20s`), as `HH:MM:SS`, or as a
 * plain number of seconds (`8390`, `8390.5`, `8390,5`); null when the cell holds none of these.
 */
export function readDurationSeconds(cell: string): number | null {
  const text = cell.trim();
  if (text === '') return null;
  const plain = readDecimal(text);
  if (plain !== null) return Math.round(plain);
  const clock = /^(\d+):(\d{1,2}):(\d{1,2})$/.exec(text);
  if (clock) {
    const [hours, minutes, seconds] = clock.slice(1).map(Number) as [number, number, number];
    return minutes < 60 && seconds < 60 ? hours * 3600 + minutes * 60 + seconds : null;
  }
  const parts = /^(?:(\d+)\s*d\s*)?(?:(\d+)\s*h\s*)?(?:(\d+)\s*m\s*)?(?:(\d+)\s*s)?$/i.exec(text);
  if (!parts) return null;
  const [days, hours, minutes, seconds] = parts.slice(1).map((part) => Number(part ?? 0)) as number[];
  return (days ?? 0) * 86_400 + (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0);
}

/** A non-negative decimal with a point or a comma (`2140.5`, `2140,5`, `2140`); null otherwise. */
export function readDecimal(cell: string): number | null {
  const text = cell.trim();
  if (!/^\d+(?:[.,]\d+)?$/.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/** An outcome word in Italian or English; null for an empty cell or a word not known. */
export function readOutcome(cell: string): MachineJobOutcome | null {
  return OUTCOMES[cell.trim().toLowerCase()] ?? null;
}

/** The columns a header row names, or null when the row is no header (its date column is not named). */
function columnsOfHeader(cells: readonly string[]): (Column | null)[] | null {
  const columns = cells.map(
    (cell) => COLUMN_NAMES.find(([, pattern]) => pattern.test(cell.trim()))?.[0] ?? null,
  );
  return columns.includes('date') && columns.includes('file') ? columns : null;
}

/**
 * A line's cells fitted to the columns: a filament written with a decimal comma and not quoted (`…,2140,5,…`) is
 * one number again, a file name with a comma in it one name again; missing cells at the end are empty.
 */
function fitted(cells: string[], columns: readonly (Column | null)[]): string[] {
  const extra = cells.length - columns.length;
  if (extra <= 0) return [...cells, ...Array<string>(-extra).fill('')];
  const filament = columns.indexOf('filament');
  if (
    extra === 1 &&
    filament >= 0 &&
    /^\d+$/.test(cells[filament]?.trim() ?? '') &&
    /^\d+$/.test(cells[filament + 1]?.trim() ?? '')
  ) {
    return [
      ...cells.slice(0, filament),
      `${cells[filament]},${cells[filament + 1]}`,
      ...cells.slice(filament + 2),
    ];
  }
  const file = columns.indexOf('file');
  if (file < 0) return cells;
  return [
    ...cells.slice(0, file),
    cells.slice(file, file + extra + 1).join(','),
    ...cells.slice(file + extra + 1),
  ];
}

/**
 * Reads the log as the boards write it, tolerant of what real files hold (docs/design.md §12): a byte-order mark,
 * CRLF, blank lines, a header row or none (then the macros' column order), headers in Italian or English and in any
 * order, commas or semicolons between cells, decimal commas (quoted, or not quoted in the filament column), a file
 * name with an unquoted comma, durations as `1h 2m 3s`, `HH:MM:SS` or seconds, outcome words in Italian or
 * English. A line without a readable date and file, or whose duration or filament does not read, is skipped.
 */
export function parseStatisticsLog(text: string): StatisticsLog {
  const { data } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';'],
  });
  const [first, ...rest] = data;
  if (!first) return { rows: [], skipped: 0 };
  const header = columnsOfHeader(first);
  const columns = header ?? DEFAULT_COLUMNS;
  const lines = header ? rest : data;
  const rows: StatisticsRow[] = [];
  let skipped = 0;
  for (const line of lines) {
    const row = rowOf(fitted(line, columns), columns);
    if (row) rows.push(row);
    else skipped += 1;
  }
  return { rows, skipped };
}

function rowOf(cells: readonly string[], columns: readonly (Column | null)[]): StatisticsRow | null {
  const cell = (column: Column) => {
    const index = columns.indexOf(column);
    return index < 0 ? '' : (cells[index] ?? '').trim();
  };
  const local = readLocalMinute(cell('date'));
  const fileName = cell('file');
  if (local === null || fileName === '') return null;
  const duration = cell('duration');
  const printSeconds = readDurationSeconds(duration);
  const filament = cell('filament');
  const filamentMm = readDecimal(filament);
  if ((duration !== '' && printSeconds === null) || (filament !== '' && filamentMm === null)) return null;
  return { local, fileName, printSeconds, filamentMm, outcome: readOutcome(cell('outcome')) };
}

const MINUTE_MS = 60_000;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
/** Time zones lie between UTC−12 and UTC+14: a clock further off is wrong, not elsewhere. */
const MAX_OFFSET_MS = 14 * 60 * MINUTE_MS;

/** A board date-time without zone (`2026-11-27T17:20:05`, the object model's `state.time`) as if it were UTC. */
function localAsUtc(text: string): number | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as number[];
  const ms = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, seconds ?? 0);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The board's zone, as its offset from UTC in milliseconds: its local clock (`state.time`, no zone) against the
 * portal's clock at the same moment, rounded to the quarter hour (every zone's offset is a whole number of quarter
 * hours, and a board's clock a few minutes off changes nothing). Null when the board has no time or its clock is
 * more than 14 hours off, which no zone is: then its log's times cannot be placed.
 */
export function boardOffsetMs(boardTime: string | null, portalNow: Date): number | null {
  if (boardTime === null) return null;
  const local = localAsUtc(boardTime);
  if (local === null) return null;
  const offset = Math.round((local - portalNow.getTime()) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  // `+ 0` turns a rounded -0 into 0.
  return Math.abs(offset) > MAX_OFFSET_MS ? null : offset + 0;
}

/** A log's local minute (`YYYY-MM-DD HH:MM`) on a board `offsetMs` ahead of UTC, as the UTC instant. */
export function localMinuteToUtc(local: string, offsetMs: number): Date {
  const ms = localAsUtc(local);
  if (ms === null) throw new RangeError(`not a local minute: ${local}`);
  return new Date(ms - offsetMs);
}

/**
 * The file as the object model names a job's file, which is how live jobs are recorded: the log keeps the path
 * under `0:/gcodes/`, the model the full board path.
 */
export function jobFilePath(fileName: string): string {
  return /^\d+:\//.test(fileName) ? fileName : `0:/gcodes/${fileName.replace(/^\/+/, '')}`;
}

/** How near a log's job must be to a live job of the same controller and file to be the same job. */
export const SAME_JOB_WINDOW_MS = MINUTE_MS;

/** A job of the log as it is recorded: its UTC minute, the file as live jobs name it, and its key on the board. */
export interface StatisticsJob {
  /** The board's local minute, `YYYY-MM-DD HH:MM`: with the file, what identifies the line whatever the zone. */
  local: string;
  finishedAt: Date;
  fileName: string;
  printSeconds: number | null;
  filamentMm: number | null;
  outcome: MachineJobOutcome | null;
}

/** A line's identity on its board: its local minute (however the database writes it back) and its file. */
export const boardKeyOf = (local: string, fileName: string): string =>
  `${local.replace('T', ' ').slice(0, 16)}|${jobFilePath(fileName)}`;

/**
 * The log's jobs not recorded yet: each line once (a line written twice is one job), none whose board key is
 * `known` (read already, whatever the board's zone then), each placed in UTC by the board's offset.
 */
export function jobsToRecord(
  rows: readonly StatisticsRow[],
  offsetMs: number,
  known: ReadonlySet<string>,
): StatisticsJob[] {
  const seen = new Set(known);
  const jobs: StatisticsJob[] = [];
  for (const row of rows) {
    const key = boardKeyOf(row.local, row.fileName);
    if (seen.has(key)) continue;
    seen.add(key);
    jobs.push({
      local: row.local,
      finishedAt: localMinuteToUtc(row.local, offsetMs),
      fileName: jobFilePath(row.fileName),
      printSeconds: row.printSeconds,
      filamentMm: row.filamentMm,
      outcome: row.outcome,
    });
  }
  return jobs;
}
