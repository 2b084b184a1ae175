import type { FleetInsight, InsightFigures } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatUtilisation,
  formatWeek,
  machineLineStyles,
  outcomeSeries,
  spansYears,
  utilisationLines,
} from './insight-terms';

const figures = (utilisation: number | null, completed = 0): InsightFigures => ({
  printHours: 0,
  calendarHours: 0,
  utilisation,
  jobs: completed,
  completed,
  cancelled: 0,
  interrupted: 0,
  filamentMetres: 0,
});

const insight: FleetInsight = {
  from: '2025-12-29',
  to: '2026-01-11',
  weeks: ['2025-12-29', '2026-01-05'],
  fleet: [
    { week: '2025-12-29', ...figures(0.25, 3) },
    { week: '2026-01-05', ...figures(null) },
  ],
  total: figures(0.125, 3),
  machines: [
    {
      machine: 7,
      name: 'Prusa linea 1',
      location: '',
      business: 1,
      businessName: 'A',
      total: figures(0.5),
      weeks: [
        { week: '2025-12-29', ...figures(0.5, 3) },
        { week: '2026-01-05', ...figures(null) },
      ],
    },
  ],
  locations: [],
};

describe('the insight terms', () => {
  it("name a week by its Monday in the page's language, whatever the browser's time zone", () => {
    expect(formatWeek('2025-03-03', 'it')).toBe('3 mar');
    expect(formatWeek('2025-03-03', 'en')).toBe('Mar 3');
    expect(formatWeek('2025-12-29', 'en', true)).toBe('Dec 29, 2025');
    expect(formatDay('2025-03-05', 'it')).toBe('5 mar 2025');
  });

  it('write utilisation as a percentage, and a dash when there is nothing to measure', () => {
    expect(formatUtilisation(0.0222, 'en')).toBe('2.2%');
    expect(formatUtilisation(0.0222, 'it')).toBe('2,2%');
    expect(formatUtilisation(null, 'it')).toBe('–');
  });

  it('tell when the weeks span two years', () => {
    expect(spansYears(insight.weeks)).toBe(true);
    expect(spansYears(['2025-03-03', '2025-03-10'])).toBe(false);
    expect(spansYears([])).toBe(false);
  });

  it('draw the fleet first, then each machine, in percent', () => {
    expect(utilisationLines(insight, 'Fleet')).toEqual([
      { machine: null, name: 'Fleet', percent: [25, null] },
      { machine: 7, name: 'Prusa linea 1', percent: [50, null] },
    ]);
    expect(outcomeSeries(insight)).toEqual({ completed: [3, 0], cancelled: [0, 0], interrupted: [0, 0] });
  });
});

describe("the machines' lines", () => {
  it('take a colour each, none reused however many machines there are', () => {
    for (const count of [1, 6, 7, 13, 40]) {
      const colours = machineLineStyles(count, 'dark').map((style) => style.colour);
      expect(new Set(colours).size).toBe(count);
    }
  });

  it('are light on a dark page and dark on a light one', () => {
    expect(machineLineStyles(2, 'dark')[0]?.colour).toMatch(/ 68%\)$/);
    expect(machineLineStyles(2, 'light')[0]?.colour).toMatch(/ 38%\)$/);
  });
});
