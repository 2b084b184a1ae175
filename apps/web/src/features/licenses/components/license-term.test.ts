import {
  type Language,
  LICENSE_EXPIRY_MAX_MS,
  LICENSE_QUICK_YEARS,
  LICENSE_YEAR_MS,
  validationCodeOf,
} from '@portal/contract';
import { addDays, startOfDay } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDay } from '../../../lib/calendar-day';
import {
  END_NOT_AFTER_START,
  extendEnd,
  type LicenseTerm,
  type LicenseTermValues,
  licenseTermSchema,
  termValues,
  toTerm,
} from './license-term';

const DAY_MS = 24 * 60 * 60 * 1000;
// Local times, so the expectations hold in any time zone the tests run in.
const now = new Date(2026, 10, 21, 18, 5).getTime();
const today = startOfDay(now).getTime();

/** The per-field codes the form would show. */
function codesFor(
  values: LicenseTermValues,
  original: LicenseTerm | null = null,
  language: Language = 'it',
): Record<string, string> {
  const result = licenseTermSchema(original, now, language).safeParse(values, { reportInput: true });
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [
      issue.path.join('.'),
      issue.code === 'custom' && issue.params?.code === END_NOT_AFTER_START
        ? END_NOT_AFTER_START
        : validationCodeOf(issue),
    ]),
  );
}

describe('a new licence', () => {
  it('starts with no end chosen', () => {
    expect(termValues(null, now)).toEqual({ activation: '', end: '' });
  });

  it.each(LICENSE_QUICK_YEARS)('lasts exactly %i licence years with that quick button', (years) => {
    const end = extendEnd({ activation: '', end: '' }, null, years, now);
    expect(end).toBe(formatDay(addDays(today, years * 365).getTime()));
    expect(toTerm({ activation: '', end }, null, now)).toEqual({
      activation: null,
      expiry: years * LICENSE_YEAR_MS,
    });
  });

  it('adds up the quick buttons pressed one after the other', () => {
    const once = extendEnd({ activation: '', end: '' }, null, 1, now);
    const twice = extendEnd({ activation: '', end: once }, null, 2, now);
    expect(toTerm({ activation: '', end: twice }, null, now).expiry).toBe(3 * LICENSE_YEAR_MS);
  });

  it('lasts from today to a typed end day', () => {
    const end = formatDay(addDays(today, 10).getTime());
    expect(toTerm({ activation: '', end }, null, now)).toEqual({ activation: null, expiry: 10 * DAY_MS });
  });
});

describe('an existing licence', () => {
  const activation = new Date(2026, 0, 15, 10, 30).getTime();
  const activated: LicenseTerm = { activation, expiry: LICENSE_YEAR_MS + 1234 };

  it('shows its activation and end days', () => {
    expect(termValues(activated, now)).toEqual({ activation: '2026-01-15', end: '2027-01-15' });
  });

  it('keeps its values to the millisecond when the days are left as they were', () => {
    expect(toTerm(termValues(activated, now), activated, now)).toEqual(activated);
  });

  it('ends on a new day at its activation time of day, activation unchanged', () => {
    const term = toTerm({ activation: '2026-01-15', end: '2026-03-01' }, activated, now);
    expect(term.activation).toBe(activation);
    expect(activation + term.expiry).toBe(new Date(2026, 2, 1, 10, 30).getTime());
    expect(termValues(term, now).end).toBe('2026-03-01');
  });

  it('moves its activation to a typed day and keeps the end day', () => {
    const term = toTerm({ activation: '2026-02-01', end: '2027-01-15' }, activated, now);
    expect(term.activation).toBe(new Date(2026, 1, 1).getTime());
    expect(termValues(term, now)).toEqual({ activation: '2026-02-01', end: '2027-01-15' });
  });

  it('extends from its end with a quick button', () => {
    const end = extendEnd(termValues(activated, now), activated, 1, now);
    expect(end).toBe(formatDay(addDays(new Date(2027, 0, 15), 365).getTime()));
    const term = toTerm({ activation: '2026-01-15', end }, activated, now);
    expect(term).toEqual({ activation, expiry: addDays(activation, 730).getTime() - activation });
  });

  it('shows a licence not activated as ending that long after today', () => {
    const waiting: LicenseTerm = { activation: null, expiry: 30 * DAY_MS };
    expect(termValues(waiting, now)).toEqual({
      activation: '',
      end: formatDay(addDays(today, 30).getTime()),
    });
    expect(toTerm(termValues(waiting, now), waiting, now)).toEqual(waiting);
  });

  it('is no longer activated once its activation day is cleared', () => {
    const end = formatDay(addDays(today, 5).getTime());
    expect(toTerm({ activation: '', end }, activated, now)).toEqual({ activation: null, expiry: 5 * DAY_MS });
  });
});

describe('the licence form rules', () => {
  const activatedTerm: LicenseTerm = { activation: new Date(2026, 0, 15).getTime(), expiry: LICENSE_YEAR_MS };

  it('accepts a new licence with an end after today', () => {
    expect(codesFor({ activation: '', end: formatDay(addDays(today, 1).getTime()) })).toEqual({});
  });

  it('asks for an end day', () => {
    expect(codesFor({ activation: '', end: ' ' })).toEqual({ end: 'required' });
  });

  it('takes days as yyyy-MM-dd or in the page language order, and gives them on as yyyy-MM-dd', () => {
    const schema = licenseTermSchema(null, now, 'it');
    expect(schema.parse({ activation: '', end: '15/01/2027' })).toEqual({
      activation: '',
      end: '2027-01-15',
    });
    expect(licenseTermSchema(null, now, 'en').parse({ activation: '', end: '1/15/2027' }).end).toBe(
      '2027-01-15',
    );
    expect(codesFor({ activation: '2026-1-15', end: '2027-01-15' }, activatedTerm)).toEqual({});
  });

  it('refuses texts that are no day of the calendar', () => {
    expect(codesFor({ activation: '', end: '15/01/2027' }, null, 'en')).toEqual({ end: 'invalidFormat' });
    expect(codesFor({ activation: '', end: '2027-02-30' })).toEqual({ end: 'invalidFormat' });
    expect(codesFor({ activation: 'domani', end: '2027-01-15' })).toEqual({ activation: 'invalidFormat' });
  });

  it('refuses an end that is not after the start', () => {
    expect(codesFor({ activation: '', end: formatDay(today) })).toEqual({ end: END_NOT_AFTER_START });
    expect(codesFor({ activation: '2026-05-01', end: '2026-04-30' })).toEqual({ end: END_NOT_AFTER_START });
  });

  it('refuses a term longer than the server accepts', () => {
    const end = formatDay(today + LICENSE_EXPIRY_MAX_MS + 2 * DAY_MS);
    expect(codesFor({ activation: '', end })).toEqual({ end: 'tooLarge' });
  });
});
