import { describe, expect, it } from 'vitest';
import { formatDay, monthFirst, normaliseDay, parseDay } from './calendar-day';

describe('calendar days', () => {
  it('shows a day as yyyy-MM-dd in local time', () => {
    expect(formatDay(new Date(2027, 4, 1, 23, 59).getTime())).toBe('2027-05-01');
    expect(formatDay(new Date(2027, 0, 9))).toBe('2027-01-09');
  });

  it('parses only exact yyyy-MM-dd days of the calendar', () => {
    expect(parseDay(' 2027-05-01 ')).toBe(new Date(2027, 4, 1).getTime());
    expect(parseDay('2027-02-30')).toBeNull();
    expect(parseDay('2027-5-1')).toBeNull();
    expect(parseDay('01/05/2027')).toBeNull();
  });

  it('knows which languages write the month first', () => {
    expect(monthFirst('it')).toBe(false);
    expect(monthFirst('en')).toBe(true);
  });

  it('takes a day typed in the page language order or as the portal shows it', () => {
    expect(normaliseDay('25/12/2027', 'it')).toBe('2027-12-25');
    expect(normaliseDay('5.6.2027', 'it')).toBe('2027-06-05');
    expect(normaliseDay('05-06-2027', 'it')).toBe('2027-06-05');
    expect(normaliseDay('12/25/2027', 'en')).toBe('2027-12-25');
    expect(normaliseDay('5/6/2027', 'en')).toBe('2027-05-06');
    expect(normaliseDay('2027-12-25', 'it')).toBe('2027-12-25');
    expect(normaliseDay('2027-1-9', 'en')).toBe('2027-01-09');
  });

  it('refuses what is no day of the calendar', () => {
    expect(normaliseDay('25/12/2027', 'en')).toBeNull();
    expect(normaliseDay('31/02/2027', 'it')).toBeNull();
    expect(normaliseDay('2027-13-01', 'it')).toBeNull();
    expect(normaliseDay('domani', 'it')).toBeNull();
    expect(normaliseDay('', 'it')).toBeNull();
  });
});
