import { z } from 'zod';
import { idParamSchema } from './ids.ts';
import { LIMITS } from './limits.ts';
import { storableText } from './validation.ts';
import type { ValidationCode } from './validation-codes.ts';

/**
 * Fleet insight (docs/design.md §12): how the machines a manager or an administrator sees were used in a period,
 * per machine and per week, from the finished jobs the maintenance module records. Weeks start on Monday and are
 * cut in UTC, as are the period's days.
 */

/** The period shown when none is asked for: this week and the eleven before it. */
export const INSIGHT_DEFAULT_WEEKS = 12;
/** The longest period, in days, from its first to its last day inclusive. */
export const INSIGHT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A calendar day, `YYYY-MM-DD`, as the period and the weeks are written. */
export type InsightDay = string;

/** The UTC day of an instant. */
export const utcDay = (instant: Date): InsightDay => instant.toISOString().slice(0, 10);

/** Midnight UTC at the start of `day`, in milliseconds. */
export const utcDayStart = (day: InsightDay): number => Date.parse(`${day}T00:00:00Z`);

/** The day `days` after `day` (before it when negative). */
export const addUtcDays = (day: InsightDay, days: number): InsightDay =>
  utcDay(new Date(utcDayStart(day) + days * DAY_MS));

/** The Monday of the week `day` falls in. */
export function utcMondayOf(day: InsightDay): InsightDay {
  // getUTCDay: Sunday 0, Monday 1 … Saturday 6; a Sunday belongs to the week that began six days before.
  const weekday = new Date(utcDayStart(day)).getUTCDay();
  return addUtcDays(day, -((weekday + 6) % 7));
}

/** A period of whole days, its first and last day included. */
export interface InsightPeriod {
  from: InsightDay;
  to: InsightDay;
}

/** What was asked: either day may be absent. */
export interface InsightPeriodQuery {
  from?: InsightDay | undefined;
  to?: InsightDay | undefined;
}

/** A period that cannot be shown: the field to blame, its stable code and an English message. */
export interface InsightPeriodError {
  field: 'from' | 'to';
  code: ValidationCode;
  message: string;
}

/**
 * The period to show (docs/design.md §12): `to` defaults to today (UTC), `from` to the Monday eleven weeks before
 * `to`'s week, so that the default is INSIGHT_DEFAULT_WEEKS whole weeks, the last one running. A period whose last
 * day comes before its first, or longer than INSIGHT_MAX_DAYS, is refused; a period reaching into the future is
 * not (the days still to come count no calendar hours).
 */
export function insightPeriod(
  query: InsightPeriodQuery,
  now: Date,
): { ok: true; period: InsightPeriod } | { ok: false; error: InsightPeriodError } {
  const to = query.to ?? utcDay(now);
  const from = query.from ?? addUtcDays(utcMondayOf(to), -7 * (INSIGHT_DEFAULT_WEEKS - 1));
  if (utcDayStart(to) < utcDayStart(from)) {
    return {
      ok: false,
      error: { field: 'to', code: 'invalid', message: 'Must not be before the first day' },
    };
  }
  const days = (utcDayStart(to) - utcDayStart(from)) / DAY_MS + 1;
  if (days > INSIGHT_MAX_DAYS) {
    return {
      ok: false,
      error: {
        field: 'to',
        code: 'tooLarge',
        message: `The period is at most ${INSIGHT_MAX_DAYS} days long`,
      },
    };
  }
  return { ok: true, period: { from, to } };
}

/** The Mondays of the weeks the period touches, in order: the first and last may be only partly inside it. */
export function insightWeeks(period: InsightPeriod): InsightDay[] {
  const weeks: InsightDay[] = [];
  const last = utcDayStart(utcMondayOf(period.to));
  for (let week = utcMondayOf(period.from); utcDayStart(week) <= last; week = addUtcDays(week, 7))
    weeks.push(week);
  return weeks;
}

/**
 * The calendar hours of a week that utilisation is measured against: the part of the week (Monday 00:00 UTC to the
 * next Monday) inside the period and already past at `now`. A week wholly in the future has none.
 */
export function calendarHours(week: InsightDay, period: InsightPeriod, now: Date): number {
  const start = Math.max(utcDayStart(week), utcDayStart(period.from));
  const end = Math.min(utcDayStart(week) + 7 * DAY_MS, utcDayStart(period.to) + DAY_MS, now.getTime());
  return Math.max(0, end - start) / HOUR_MS;
}

/** Printing hours over calendar hours; null without calendar hours (nothing to measure against). */
export const utilisationOf = (printHours: number, calendar: number): number | null =>
  calendar > 0 ? printHours / calendar : null;

/** The earliest and latest day a period may name: a sane range every database and Date reads alike. */
export const INSIGHT_FIRST_DAY = '2000-01-01';
export const INSIGHT_LAST_DAY = '2999-12-31';

/** A calendar day within INSIGHT_FIRST_DAY and INSIGHT_LAST_DAY (the ISO form compares as text). */
const insightDaySchema = z.iso.date().refine((day) => day >= INSIGHT_FIRST_DAY && day <= INSIGHT_LAST_DAY, {
  message: `Must be from ${INSIGHT_FIRST_DAY} to ${INSIGHT_LAST_DAY}`,
  params: { code: 'invalid' },
});

/** GET /api/v1/insight and its CSV export: the period (both days optional) and the business and location filters. */
export const fleetInsightQuerySchema = z.object({
  from: insightDaySchema.optional(),
  to: insightDaySchema.optional(),
  business: idParamSchema.optional(),
  location: storableText().max(LIMITS.locationMax).optional(),
});
export type FleetInsightQuery = z.input<typeof fleetInsightQuerySchema>;

/** What a machine, or the fleet, did in a week or in the whole period. */
export const insightFiguresSchema = z.object({
  /** The print time of the jobs that finished in it, in hours (two decimals). */
  printHours: z.number().min(0),
  /** The hours it is measured against (calendarHours, times the machines for the fleet). */
  calendarHours: z.number().min(0),
  /** printHours over calendarHours (three decimals); null without calendar hours. */
  utilisation: z.number().min(0).nullable(),
  /** Finished jobs, and how many of them completed, were cancelled or were interrupted. */
  jobs: z.number().int().min(0),
  completed: z.number().int().min(0),
  cancelled: z.number().int().min(0),
  interrupted: z.number().int().min(0),
  /** Filament used, in metres (two decimals): only the jobs the board's statistics log told count any. */
  filamentMetres: z.number().min(0),
});
export type InsightFigures = z.infer<typeof insightFiguresSchema>;

export const insightWeekSchema = insightFiguresSchema.extend({ week: z.iso.date() });
export type InsightWeek = z.infer<typeof insightWeekSchema>;

/** One machine (machine group) with its figures per week and over the period. */
export const insightMachineSchema = z.object({
  machine: z.number().int(),
  name: z.string(),
  location: z.string(),
  business: z.number().int(),
  businessName: z.string(),
  total: insightFiguresSchema,
  /** One entry per week of the answer's `weeks`, in the same order. */
  weeks: z.array(insightWeekSchema),
});
export type InsightMachine = z.infer<typeof insightMachineSchema>;

export const fleetInsightSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** The Mondays of the weeks the period touches. */
  weeks: z.array(z.iso.date()),
  /** Every machine shown together, per week. */
  fleet: z.array(insightWeekSchema),
  /** Every machine shown together, over the whole period. */
  total: insightFiguresSchema,
  machines: z.array(insightMachineSchema),
  /** The locations of the machines the business filter leaves, for the location filter's choices. */
  locations: z.array(z.string()),
});
export type FleetInsight = z.infer<typeof fleetInsightSchema>;
