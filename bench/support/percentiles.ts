/** Percentiles of a bench's samples, as its tables print them. */
export interface Summary {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

/** The nearest-rank percentiles of `samples` (NaN when there are none). */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (fraction: number) =>
    sorted.length === 0 ? Number.NaN : (sorted[Math.ceil(fraction * sorted.length) - 1] as number);
  return { count: sorted.length, p50: rank(0.5), p95: rank(0.95), max: sorted.at(-1) ?? Number.NaN };
}

/** Milliseconds as the tables show them: whole from 100 up, one decimal below. */
export const ms = (value: number): string =>
  Number.isNaN(value) ? '–' : value >= 100 ? value.toFixed(0) : value.toFixed(1);
