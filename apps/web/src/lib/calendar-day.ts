import { format, isValid, parse } from 'date-fns';

/** How the portal shows a calendar day everywhere (docs/product.md §9). */
export const DAY_FORMAT = 'yyyy-MM-dd';

export const formatDay = (instant: number | Date): string => format(instant, DAY_FORMAT);

const ISO_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const NUMERIC_DAY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;

const strictDay = (year: number, month: number, day: number): number | null => {
  const date = parse(`${year}-${month}-${day}`, 'yyyy-M-d', new Date(0));
  return isValid(date) ? date.getTime() : null;
};

/** The local midnight of a yyyy-MM-dd text; null unless it is exactly such a day of the calendar. */
export function parseDay(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return match ? strictDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** Whether the language writes a numeric date month first (English as Intl writes it: 12/25/2027). */
export function monthFirst(language: string): boolean {
  const parts = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'numeric', year: 'numeric' })
    .formatToParts(new Date(2001, 1, 3))
    .map((part) => part.type);
  return parts.indexOf('month') < parts.indexOf('day');
}

/**
 * A day typed either as the portal shows it (yyyy-MM-dd) or in the page language's numeric order
 * (25/12/2027 on an Italian page, 12/25/2027 on an English one; '/', '.' or '-' between the parts), as
 * yyyy-MM-dd; null when the text is no day of the calendar.
 */
export function normaliseDay(text: string, language: string): string | null {
  const trimmed = text.trim();
  const iso = ISO_DAY.exec(trimmed);
  if (iso) {
    const day = strictDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return day === null ? null : formatDay(day);
  }
  const numeric = NUMERIC_DAY.exec(trimmed);
  if (!numeric) return null;
  const [first, second, year] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
  const day = monthFirst(language) ? strictDay(year, first, second) : strictDay(year, second, first);
  return day === null ? null : formatDay(day);
}
