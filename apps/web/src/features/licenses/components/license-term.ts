import { type Language, LICENSE_EXPIRY_MAX_MS, LICENSE_YEAR_MS, type License } from '@portal/contract';
import { addDays, differenceInCalendarDays, startOfDay } from 'date-fns';
import { z } from 'zod';
import { formatDay, normaliseDay, parseDay } from '../../../lib/calendar-day';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS_PER_YEAR = LICENSE_YEAR_MS / DAY_MS;

/** What a licence's dates are made of: activation instant (null: not activated) and duration. */
export type LicenseTerm = Pick<License, 'activation' | 'expiry'>;

/** The texts of the licence form's date fields. */
export interface LicenseTermValues {
  /** yyyy-MM-dd, or '' for a licence not activated. */
  activation: string;
  /** yyyy-MM-dd: the day the licence ends. */
  end: string;
}

/**
 * The form's texts for a licence: a new one has no end chosen yet; one not activated shows the day it
 * would end if activated today.
 */
export function termValues(term: LicenseTerm | null, now: number): LicenseTermValues {
  if (term === null) return { activation: '', end: '' };
  if (term.activation === null)
    return { activation: '', end: formatDay(startOfDay(now).getTime() + term.expiry) };
  return { activation: formatDay(term.activation), end: formatDay(term.activation + term.expiry) };
}

/**
 * The instant the end is counted from: the activation typed (its original instant while its day is
 * unchanged), or today for a licence not activated. Null when the activation text is not a date.
 */
function startOf(values: LicenseTermValues, original: LicenseTerm | null, now: number): number | null {
  if (values.activation.trim() === '') return startOfDay(now).getTime();
  if (original?.activation != null && values.activation.trim() === formatDay(original.activation)) {
    return original.activation;
  }
  return parseDay(values.activation);
}

/**
 * The activation and expiry the form's texts stand for. A licence not activated gets a plain duration
 * of whole days from today (the quick buttons give exact years); an activated one ends on the chosen
 * day at its activation's time of day. Untouched texts keep the original values to the millisecond.
 */
export function toTerm(values: LicenseTermValues, original: LicenseTerm | null, now: number): LicenseTerm {
  const initial = termValues(original, now);
  if (original && values.activation.trim() === initial.activation && values.end.trim() === initial.end) {
    return { activation: original.activation, expiry: original.expiry };
  }
  const start = startOf(values, original, now);
  const end = parseDay(values.end);
  if (start === null || end === null) throw new Error('toTerm needs dates the form has validated');
  const days = differenceInCalendarDays(end, start);
  if (values.activation.trim() === '') return { activation: null, expiry: days * DAY_MS };
  return { activation: start, expiry: addDays(start, days).getTime() - start };
}

/** The end text after a quick button: `years` licence years after the chosen end, or after the start. */
export function extendEnd(
  values: LicenseTermValues,
  original: LicenseTerm | null,
  years: number,
  now: number,
): string {
  const from = parseDay(values.end) ?? startOf(values, original, now) ?? startOfDay(now).getTime();
  return formatDay(addDays(from, years * DAYS_PER_YEAR).getTime());
}

/** Issue codes of the licence form beyond the contract's validation codes. */
export const END_NOT_AFTER_START = 'endNotAfterStart';

/**
 * The licence form's rules: days typed as yyyy-MM-dd or in the page language's order (and given on as
 * yyyy-MM-dd), an end after the start, and a term the server accepts (at most LICENSE_EXPIRY_MAX_MS).
 */
export const licenseTermSchema = (original: LicenseTerm | null, now: number, language: Language) => {
  const day = z
    .string()
    .trim()
    .transform((text) => (text === '' ? '' : (normaliseDay(text, language) ?? text)));
  return z
    .object({ activation: day, end: z.string().trim().min(1).pipe(day) })
    .superRefine((values, context) => {
      const activation = values.activation.trim();
      if (activation !== '' && parseDay(activation) === null) {
        context.addIssue({
          code: 'custom',
          path: ['activation'],
          input: activation,
          params: { code: 'invalidFormat' },
        });
        return;
      }
      // An empty end is already reported as required.
      if (values.end === '') return;
      if (parseDay(values.end) === null) {
        context.addIssue({
          code: 'custom',
          path: ['end'],
          input: values.end,
          params: { code: 'invalidFormat' },
        });
        return;
      }
      const { expiry } = toTerm(values, original, now);
      if (expiry < 1) {
        context.addIssue({
          code: 'custom',
          path: ['end'],
          input: values.end,
          params: { code: END_NOT_AFTER_START },
        });
      } else if (expiry > LICENSE_EXPIRY_MAX_MS) {
        context.addIssue({ code: 'custom', path: ['end'], input: values.end, params: { code: 'tooLarge' } });
      }
    });
};
