import { describe, expect, it } from 'vitest';
import {
  addUtcDays,
  calendarHours,
  fleetInsightQuerySchema,
  INSIGHT_MAX_DAYS,
  insightPeriod,
  insightWeeks,
  utcMondayOf,
  utilisationOf,
} from './insight.ts';

/** A Friday afternoon. */
const NOW = new Date('2026-11-27T16:30:00Z');

describe('utcMondayOf', () => {
  it('finds the Monday of every day of a week, Sunday included', () => {
    for (const day of ['2026-11-23', '2026-11-25', '2026-11-28', '2026-11-29']) {
      expect(utcMondayOf(day)).toBe('2026-11-23');
    }
    expect(utcMondayOf('2026-11-30')).toBe('2026-11-30');
    // Across a year's end and a leap day.
    expect(utcMondayOf('2027-01-01')).toBe('2026-12-28');
    expect(utcMondayOf('2028-03-01')).toBe('2028-02-28');
  });
});

describe('insightPeriod', () => {
  it('defaults to twelve whole weeks, the last one running, up to today (UTC)', () => {
    expect(insightPeriod({}, NOW)).toEqual({ ok: true, period: { from: '2026-09-07', to: '2026-11-27' } });
    expect(insightWeeks({ from: '2026-09-07', to: '2026-11-27' })).toHaveLength(12);
    // Just before midnight UTC it is still the same day, whatever the local time.
    expect(insightPeriod({}, new Date('2026-11-29T23:59:59Z'))).toMatchObject({
      period: { to: '2026-11-29' },
    });
  });

  it('counts twelve weeks back from a given last day, and up to today from a given first day', () => {
    expect(insightPeriod({ to: '2026-06-03' }, NOW)).toMatchObject({
      period: { from: '2026-03-16', to: '2026-06-03' },
    });
    expect(insightPeriod({ from: '2026-10-01' }, NOW)).toMatchObject({
      period: { from: '2026-10-01', to: '2026-11-27' },
    });
  });

  it('takes one day, and a period reaching into the future', () => {
    expect(insightPeriod({ from: '2026-11-27', to: '2026-11-27' }, NOW).ok).toBe(true);
    expect(insightPeriod({ from: '2026-11-01', to: '2026-12-31' }, NOW).ok).toBe(true);
  });

  it(`refuses a last day before the first, and more than ${INSIGHT_MAX_DAYS} days`, () => {
    expect(insightPeriod({ from: '2026-11-02', to: '2026-11-01' }, NOW)).toMatchObject({
      ok: false,
      error: { field: 'to', code: 'invalid' },
    });
    const longest = { from: '2025-11-27', to: addUtcDays('2025-11-27', INSIGHT_MAX_DAYS - 1) };
    expect(insightPeriod(longest, NOW)).toEqual({ ok: true, period: longest });
    expect(insightPeriod({ ...longest, to: addUtcDays(longest.to, 1) }, NOW)).toMatchObject({
      ok: false,
      error: { field: 'to', code: 'tooLarge' },
    });
    // A first day long ago and today's default: too long too.
    expect(insightPeriod({ from: '2024-01-01' }, NOW)).toMatchObject({ error: { code: 'tooLarge' } });
  });
});

describe('insightWeeks', () => {
  it('lists the Mondays of every week the period touches, partly or wholly', () => {
    expect(insightWeeks({ from: '2026-11-04', to: '2026-11-16' })).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(insightWeeks({ from: '2026-11-29', to: '2026-11-29' })).toEqual(['2026-11-23']);
  });
});

describe('calendarHours', () => {
  const period = { from: '2026-11-04', to: '2026-11-24' };

  it('counts a whole week inside the period as 168 hours', () => {
    expect(calendarHours('2026-11-09', period, NOW)).toBe(168);
  });

  it('counts only the days of a week inside the period', () => {
    // Wednesday to Sunday of the first week; Monday and Tuesday of the last.
    expect(calendarHours('2026-11-02', period, NOW)).toBe(5 * 24);
    expect(calendarHours('2026-11-23', period, NOW)).toBe(2 * 24);
  });

  it('counts no hour still to come', () => {
    const running = { from: '2026-11-23', to: '2026-11-29' };
    // Monday 00:00 to Friday 16:30.
    expect(calendarHours('2026-11-23', running, NOW)).toBe(4 * 24 + 16.5);
    expect(calendarHours('2026-11-30', { from: '2026-11-30', to: '2026-12-06' }, NOW)).toBe(0);
  });
});

describe('utilisationOf', () => {
  it('is printing hours over calendar hours, and nothing without calendar hours', () => {
    expect(utilisationOf(42, 168)).toBe(0.25);
    expect(utilisationOf(0, 0)).toBeNull();
  });
});

describe('fleetInsightQuerySchema', () => {
  it('takes calendar days only', () => {
    expect(fleetInsightQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-30' }).success).toBe(true);
    for (const from of [
      '2026-11-31',
      '2026-02-29',
      '01/11/2026',
      '2026-11-01T00:00:00Z',
      '',
      '0000-01-01',
      '1999-12-31',
      '3000-01-01',
    ]) {
      expect(fleetInsightQuerySchema.safeParse({ from }).success, from).toBe(false);
    }
    expect(fleetInsightQuerySchema.safeParse({ business: '0' }).success).toBe(false);
  });
});
