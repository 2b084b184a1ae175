/**
 * Print times and filament lengths in the page's language, by Intl.NumberFormat, so Italian reads '2,14 m' and
 * English '2.14 m'. Sizes are the app's shared `lib/format.ts`'s, as everywhere else.
 */

const part = (value: number, unit: 'hour' | 'minute' | 'second', language: string) =>
  new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);

/**
 * An estimated duration: hours and minutes ('9 h 42 min'), minutes alone under an hour, seconds under a
 * minute. A slicer's estimate is no more precise than that.
 */
export function formatPrintTime(seconds: number, language: string): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return part(total, 'second', language);
  const minutes = Math.round(total / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return part(minutes, 'minute', language);
  return rest === 0
    ? part(hours, 'hour', language)
    : `${part(hours, 'hour', language)} ${part(rest, 'minute', language)}`;
}

/**
 * Filament per extruder (the board counts millimetres) in metres with at most two decimals, as the statistics
 * table shows it, listed in the page's language when the job uses several extruders.
 */
export function formatFilament(millimetres: readonly number[], language: string): string {
  const metres = new Intl.NumberFormat(language, { style: 'unit', unit: 'meter', maximumFractionDigits: 2 });
  const lengths = millimetres.filter((value) => Number.isFinite(value) && value >= 0);
  return new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(
    lengths.map((value) => metres.format(value / 1000)),
  );
}
