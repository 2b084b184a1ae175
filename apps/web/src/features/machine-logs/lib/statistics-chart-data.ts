import { eachWeekOfInterval, isValid, max, min, parseISO, startOfWeek } from 'date-fns';
import { formatDay } from '../../../lib/calendar-day';
import { type CsvTable, findColumn } from './csv-table';

/** Print hours per week, one series per job outcome: what the statistics chart draws. */
export interface StatisticsChartData {
  /** The first day (Monday) of each week, yyyy-MM-dd, from the first job's week to the last one's. */
  weeks: string[];
  /** One series per outcome (`Completata`, `Annullata`…) in order of first appearance; '' when the file has none. */
  series: { outcome: string; hours: number[] }[];
}

const DATE_COLUMN = /^(data|date)\b/i;
const DURATION_COLUMN = /^(durata|duration)\b/i;
const OUTCOME_COLUMN = /^(esito|outcome|result)\b/i;
const WEEK = { weekStartsOn: 1 } as const;

/**
 * Seconds from a duration as the board writes it (`1d 2h 3m 4s`, `26m 20s`) or a plain number of seconds;
 * NaN when the cell is neither.
 */
export function parseDurationSeconds(cell: string | undefined): number {
  const text = (cell ?? '').trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const match = /^(?:(\d+)d\s*)?(?:(\d+)h\s*)?(?:(\d+)m\s*)?(?:(\d+)s)?$/.exec(text);
  if (!match || text === '') return Number.NaN;
  const [days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  return (days ?? 0) * 86_400 + (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0);
}

/**
 * Maps the statistics file to weekly print hours per outcome. Null when it has no date or duration column or
 * no row with both readable, so the screen shows the table alone.
 */
export function statisticsChartData(table: CsvTable): StatisticsChartData | null {
  const dateColumn = findColumn(table.header, DATE_COLUMN);
  const durationColumn = findColumn(table.header, DURATION_COLUMN);
  const outcomeColumn = findColumn(table.header, OUTCOME_COLUMN);
  if (dateColumn < 0 || durationColumn < 0) return null;

  const jobs = table.rows.flatMap((row) => {
    const endedAt = parseISO((row[dateColumn] ?? '').trim());
    const seconds = parseDurationSeconds(row[durationColumn]);
    if (!isValid(endedAt) || !Number.isFinite(seconds)) return [];
    return [{ week: startOfWeek(endedAt, WEEK), seconds, outcome: (row[outcomeColumn] ?? '').trim() }];
  });
  if (jobs.length === 0) return null;

  const weekStarts = eachWeekOfInterval(
    { start: min(jobs.map((job) => job.week)), end: max(jobs.map((job) => job.week)) },
    WEEK,
  );
  const weeks = weekStarts.map((week) => formatDay(week));
  const series: StatisticsChartData['series'] = [];
  for (const job of jobs) {
    let entry = series.find((candidate) => candidate.outcome === job.outcome);
    if (!entry) {
      entry = { outcome: job.outcome, hours: weeks.map(() => 0) };
      series.push(entry);
    }
    const index = weeks.indexOf(formatDay(job.week));
    entry.hours[index] = (entry.hours[index] ?? 0) + job.seconds / 3600;
  }
  for (const entry of series) entry.hours = entry.hours.map((hours) => Math.round(hours * 100) / 100);
  return { weeks, series };
}
