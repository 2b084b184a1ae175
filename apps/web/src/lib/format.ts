/**
 * The app's one way of writing dates, times and sizes in the page's language, on Intl: a date and time reads
 * '28 nov 2026, 14:05' in Italian and 'Nov 28, 2026, 2:05 PM' in English on every page, a day '28 nov 2026' or
 * 'Nov 28, 2026', and a size '62 bytes' / '62 byte', '2.3 MB' / '2,3 MB'. Date inputs and the URL keep
 * yyyy-MM-dd (`calendar-day.ts`).
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  language: string,
  options: Intl.DateTimeFormatOptions,
) {
  let format = cache.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    cache.set(language, format);
  }
  return format;
}

const asDate = (value: string | number | Date): Date => (value instanceof Date ? value : new Date(value));

/** A moment as a date with hours and minutes; empty for a value that is no date. */
export function formatDateTime(value: string | number | Date, language: string): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return cached(dateTimeFormats, language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A moment as `formatDateTime` writes it, cut where its day ends: the day with the separator after it, and the
 * time, so that a narrow column can wrap between them and keep each whole. Null for a value that is no date.
 */
export function formatDateTimeParts(
  value: string | number | Date,
  language: string,
): { day: string; time: string } | null {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return null;
  const format = cached(dateTimeFormats, language, { dateStyle: 'medium', timeStyle: 'short' });
  const parts = format.formatToParts(date);
  // The day ends with its year; the literal after it (', ' in both languages) joins it to the time. The cut is
  // made in `format`'s own text, whose spaces may differ from the parts' (a narrow space before AM).
  const year = parts.findIndex((part) => part.type === 'year');
  const cut = parts[year + 1]?.type === 'literal' ? year + 2 : year + 1;
  const dayLength = parts.slice(0, cut).reduce((length, part) => length + part.value.length, 0);
  const whole = format.format(date);
  return { day: whole.slice(0, dayLength).trimEnd(), time: whole.slice(dayLength) };
}

/** A moment's day; empty for a value that is no date. */
export function formatDate(value: string | number | Date, language: string): string {
  const date = asDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return cached(dateFormats, language, { dateStyle: 'medium' }).format(date);
}

const SIZE_UNITS = [
  { unit: 'gigabyte', bytes: 1e9 },
  { unit: 'megabyte', bytes: 1e6 },
  { unit: 'kilobyte', bytes: 1e3 },
] as const;

/**
 * A size in decimal units (1 kB = 1000 bytes, as the symbols mean), one decimal above a kilobyte; whole bytes
 * below, the unit written out so it takes the language's plural ('1 byte', '62 bytes'; Italian 'byte' for both).
 * Empty for a value that is not a size.
 */
export function formatFileSize(bytes: number, language: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  for (const { unit, bytes: scale } of SIZE_UNITS) {
    // 999 950 bytes would round to '1000 kB': it is shown as '1 MB' instead.
    if (bytes >= scale * 0.99995) {
      return new Intl.NumberFormat(language, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: 1,
      }).format(bytes / scale);
    }
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes);
}
