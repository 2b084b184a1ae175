import { type CsvTable, findColumn, parseLogNumber } from './csv-table';

/**
 * The columns of a maintenance status file that say when a component is due: the hours counted since its
 * last intervention (`Ore di lavoro`, or an English `Hours`/`Counter` column) and its interval in hours
 * (`Intervallo (ore)` / `Interval`). Null when the file has no such pair, so nothing is marked.
 */
export interface CounterColumns {
  counter: number;
  interval: number;
}

const INTERVAL_COLUMN = /^(intervallo|interval)\b/i;
const COUNTER_COLUMN = /^(ore di lavoro|contatore|counter|hours|working hours)\b/i;

export function findCounterColumns(header: readonly string[]): CounterColumns | null {
  const interval = findColumn(header, INTERVAL_COLUMN);
  const counter = findColumn(header, COUNTER_COLUMN);
  return interval >= 0 && counter >= 0 && interval !== counter ? { counter, interval } : null;
}

/** A row is overdue once its counter has reached its interval; a row with either cell unreadable is not. */
export function isOverdue(row: readonly string[], columns: CounterColumns): boolean {
  const counter = parseLogNumber(row[columns.counter]);
  const interval = parseLogNumber(row[columns.interval]);
  return Number.isFinite(counter) && Number.isFinite(interval) && interval > 0 && counter >= interval;
}

/** The indexes of the overdue rows of a maintenance file; null when it carries no counters to judge by. */
export function overdueRows(table: CsvTable): Set<number> | null {
  const columns = findCounterColumns(table.header);
  if (!columns) return null;
  const overdue = new Set<number>();
  table.rows.forEach((row, index) => {
    if (isOverdue(row, columns)) overdue.add(index);
  });
  return overdue;
}
