import type { FleetInsight, InsightWeek } from '@portal/contract';

/**
 * How the insight's figures read on the page, in the page's language: weeks by their Monday (the API's weeks are
 * UTC days, so they are formatted in UTC and never move a day), hours and metres to one or two decimals,
 * utilisation as a percentage.
 */

/** A week's label: its Monday's day and month ("3 mar", "Mar 3"), with the year when the weeks span two years. */
export function formatWeek(week: string, language: string, withYear = false): string {
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(withYear && { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${week}T00:00:00Z`));
}

/** A calendar day of the period as the page writes dates ("5 mar 2025"). */
export const formatDay = (day: string, language: string): string =>
  new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** Hours, metres and counts with at most `digits` decimals. */
export const formatNumber = (value: number, language: string, digits = 1): string =>
  new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);

/** A utilisation (a fraction) as a percentage with one decimal; a dash when there is nothing to measure against. */
export const formatUtilisation = (value: number | null, language: string): string =>
  value === null
    ? '–'
    : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(value);

/** Whether the period's weeks reach into two calendar years (their labels then say which). */
export const spansYears = (weeks: readonly string[]): boolean =>
  weeks.length > 0 && weeks[0]?.slice(0, 4) !== weeks[weeks.length - 1]?.slice(0, 4);

/** One line of the utilisation chart: a name and a percentage per week (null where there is nothing to measure). */
export interface UtilisationLine {
  /** The machine's id, or null for the whole fleet. */
  machine: number | null;
  name: string;
  percent: (number | null)[];
}

const percentOf = (week: InsightWeek) => (week.utilisation === null ? null : week.utilisation * 100);

/** Utilisation per week of the fleet shown (first) and of each machine, as percentages. */
export function utilisationLines(insight: FleetInsight, fleetName: string): UtilisationLine[] {
  return [
    { machine: null, name: fleetName, percent: insight.fleet.map(percentOf) },
    ...insight.machines.map((machine) => ({
      machine: machine.machine,
      name: machine.name,
      percent: machine.weeks.map(percentOf),
    })),
  ];
}

/** The fleet's jobs per week by outcome, in the order the chart stacks them. */
export function outcomeSeries(insight: FleetInsight) {
  return {
    completed: insight.fleet.map((week) => week.completed),
    cancelled: insight.fleet.map((week) => week.cancelled),
    interrupted: insight.fleet.map((week) => week.interrupted),
  };
}

/** Dash patterns the machines' lines take in turn, so lines of near hues still differ. */
const DASHES: readonly (readonly number[])[] = [[], [6, 3], [2, 2], [8, 3, 2, 3]];

/**
 * A colour and a dash pattern for each of `count` machines' lines, none reused however many there are: hues
 * spread evenly round the wheel, light on a dark page and dark on a light one, for contrast with the background.
 */
export function machineLineStyles(
  count: number,
  theme: 'light' | 'dark',
): { colour: string; dash: number[] }[] {
  const lightness = theme === 'dark' ? 68 : 38;
  return Array.from({ length: count }, (_, index) => ({
    colour: `hsl(${Math.round((210 + (index * 360) / count) % 360)} 75% ${lightness}%)`,
    dash: [...(DASHES[index % DASHES.length] ?? [])],
  }));
}
