import { describe, expect, it } from 'vitest';
import {
  badgeOf,
  byUrgency,
  criteriaInForce,
  locationsOf,
  moreUrgent,
  summarise,
  summariseByMachine,
} from './maintenance-rules';

const NO_INTERVALS = { everyHours: null, everyJobs: null, everyMetres: null, everyDays: null };

describe('criteriaInForce', () => {
  it('reads only the criteria with an interval, in the API order, each with its share', () => {
    expect(
      criteriaInForce(
        { hours: 92.5, jobs: 12, metres: 300, days: 40 },
        { ...NO_INTERVALS, everyDays: 30, everyHours: 100 },
      ),
    ).toEqual([
      { criterion: 'hours', counter: 92.5, interval: 100, fraction: 0.925 },
      { criterion: 'days', counter: 40, interval: 30, fraction: 40 / 30 },
    ]);
  });

  it('reads nothing for a task without intervals, and never a negative counter', () => {
    expect(criteriaInForce({ hours: 1, jobs: 1, metres: 1, days: 1 }, NO_INTERVALS)).toEqual([]);
    expect(
      criteriaInForce({ hours: -2, jobs: 0, metres: 0, days: 0 }, { ...NO_INTERVALS, everyHours: 10 }),
    ).toEqual([{ criterion: 'hours', counter: 0, interval: 10, fraction: 0 }]);
  });
});

describe('summaries', () => {
  it('keeps the most urgent state of each machine and counts its due tasks', () => {
    const summaries = summariseByMachine([
      { machine: 1, state: 'ok' },
      { machine: 1, state: 'dueSoon' },
      { machine: 2, state: 'dueSoon' },
      { machine: 1, state: 'overdue' },
      { machine: 2, state: 'dueSoon' },
      { machine: 3, state: 'ok' },
    ]);
    expect(summaries.get(1)).toEqual({ state: 'overdue', overdue: 1, dueSoon: 1 });
    expect(summaries.get(2)).toEqual({ state: 'dueSoon', overdue: 0, dueSoon: 2 });
    expect(summaries.get(3)).toEqual({ state: 'ok', overdue: 0, dueSoon: 0 });
    expect(summaries.has(4)).toBe(false);
  });

  it('sums up one machine, and nothing for a machine without a plan', () => {
    expect(summarise([{ state: 'overdue' }, { state: 'overdue' }])).toEqual({
      state: 'overdue',
      overdue: 2,
      dueSoon: 0,
    });
    expect(summarise([])).toBeUndefined();
  });

  it('orders states overdue, due soon, in order', () => {
    expect(moreUrgent('ok', 'dueSoon')).toBe('dueSoon');
    expect(moreUrgent('overdue', 'dueSoon')).toBe('overdue');
    expect(moreUrgent('ok', 'ok')).toBe('ok');
  });
});

describe('badgeOf', () => {
  it('shows a badge only for overdue or due-soon maintenance, counting the tasks of that state', () => {
    expect(badgeOf({ state: 'overdue', overdue: 2, dueSoon: 1 })).toEqual({ state: 'overdue', count: 2 });
    expect(badgeOf({ state: 'dueSoon', overdue: 0, dueSoon: 3 })).toEqual({ state: 'dueSoon', count: 3 });
    expect(badgeOf({ state: 'ok', overdue: 0, dueSoon: 0 })).toBeNull();
    expect(badgeOf(undefined)).toBeNull();
  });
});

describe('locationsOf', () => {
  it('gives each place once, in the language order, the empty place too', () => {
    expect(
      locationsOf(
        [
          { location: 'Reparto stampa' },
          { location: 'laboratorio' },
          { location: 'Reparto stampa' },
          { location: '' },
        ],
        'it',
      ),
    ).toEqual(['', 'laboratorio', 'Reparto stampa']);
  });
});

describe('byUrgency', () => {
  it('puts overdue tasks first, then due soon, then the nearest their interval, equal ones in the plan order', () => {
    const task = (name: string, state: 'ok' | 'dueSoon' | 'overdue', fraction: number | null) => ({
      name,
      state,
      nearest: fraction === null ? null : ('days' as const),
      fraction,
    });
    const ordered = byUrgency([
      task('a', 'ok', 0.2),
      task('b', 'dueSoon', 0.92),
      task('c', 'ok', null),
      task('d', 'overdue', 1.1),
      task('e', 'ok', 0.5),
      task('f', 'overdue', 1.4),
      task('g', 'ok', 0.5),
    ]);
    expect(ordered.map((entry) => entry.name)).toEqual(['f', 'd', 'b', 'e', 'g', 'a', 'c']);
  });
});
