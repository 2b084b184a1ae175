import { describe, expect, it } from 'vitest';
import {
  MAINTENANCE_DUE_SOON_FRACTION,
  type MaintenanceIntervals,
  maintenanceDoneBodySchema,
  maintenanceDue,
  maintenanceTaskBodySchema,
} from './maintenance.ts';

const none: MaintenanceIntervals = { everyHours: null, everyJobs: null, everyMetres: null, everyDays: null };
const zero = { hours: 0, jobs: 0, metres: 0, days: 0 };

describe('maintenanceDue', () => {
  it('is ok with zero counters, the nearest criterion at no fraction', () => {
    expect(maintenanceDue(zero, { ...none, everyHours: 100, everyDays: 30 })).toEqual({
      state: 'ok',
      nearest: 'hours',
      fraction: 0,
    });
  });

  it('whichever comes first: one criterion reached is overdue, however far the others are', () => {
    const intervals = { ...none, everyHours: 100, everyJobs: 50, everyDays: 365 };
    expect(maintenanceDue({ hours: 3, jobs: 50, metres: 0, days: 2 }, intervals)).toEqual({
      state: 'overdue',
      nearest: 'jobs',
      fraction: 1,
    });
    expect(maintenanceDue({ hours: 250, jobs: 1, metres: 0, days: 2 }, intervals)).toMatchObject({
      state: 'overdue',
      nearest: 'hours',
      fraction: 2.5,
    });
  });

  it(`is due soon from ${MAINTENANCE_DUE_SOON_FRACTION * 100}% of any interval, not before`, () => {
    const intervals = { ...none, everyHours: 100, everyMetres: 1000 };
    expect(maintenanceDue({ ...zero, hours: 89.9, metres: 100 }, intervals).state).toBe('ok');
    expect(maintenanceDue({ ...zero, hours: 90, metres: 100 }, intervals)).toEqual({
      state: 'dueSoon',
      nearest: 'hours',
      fraction: 0.9,
    });
    expect(maintenanceDue({ ...zero, hours: 10, metres: 950 }, intervals)).toEqual({
      state: 'dueSoon',
      nearest: 'metres',
      fraction: 0.95,
    });
  });

  it('reads only the intervals given: a counter without interval never makes a task due', () => {
    expect(
      maintenanceDue({ hours: 10_000, jobs: 10_000, metres: 0, days: 1 }, { ...none, everyDays: 30 }),
    ).toEqual({
      state: 'ok',
      nearest: 'days',
      fraction: 1 / 30,
    });
  });

  it('with no interval at all, is never due', () => {
    expect(maintenanceDue({ hours: 1e6, jobs: 1e6, metres: 1e6, days: 1e6 }, none)).toEqual({
      state: 'ok',
      nearest: null,
      fraction: null,
    });
  });

  it("takes whatever intervals are in force: a group's override moves the same counters to another state", () => {
    const counters = { hours: 80, jobs: 0, metres: 0, days: 0 };
    const plan = { ...none, everyHours: 200 };
    const override = { ...none, everyHours: 80 };
    expect(maintenanceDue(counters, plan).state).toBe('ok');
    expect(maintenanceDue(counters, override).state).toBe('overdue');
  });
});

describe('maintenance bodies', () => {
  it('need at least one interval, each a positive whole number', () => {
    const task = { machineType: 1, name: 'Lubricate Z screws' };
    expect(maintenanceTaskBodySchema.safeParse(task).success).toBe(false);
    expect(maintenanceTaskBodySchema.safeParse({ ...task, everyHours: 0 }).success).toBe(false);
    expect(maintenanceTaskBodySchema.safeParse({ ...task, everyHours: 1.5 }).success).toBe(false);
    expect(maintenanceTaskBodySchema.safeParse({ ...task, everyDays: 30 }).success).toBe(true);
  });

  it('take http links only, and bounded texts', () => {
    const task = { machineType: 1, name: 'Belt', everyJobs: 10 };
    expect(maintenanceTaskBodySchema.safeParse({ ...task, link: 'javascript:alert(1)' }).success).toBe(false);
    expect(maintenanceTaskBodySchema.safeParse({ ...task, link: 'https://docs.example/belt' }).success).toBe(
      true,
    );
    expect(maintenanceTaskBodySchema.safeParse({ ...task, name: 'x'.repeat(101) }).success).toBe(false);
    expect(maintenanceDoneBodySchema.safeParse({ task: 1, parts: 'x'.repeat(501) }).success).toBe(false);
    expect(maintenanceDoneBodySchema.safeParse({ task: 1, note: 'x'.repeat(2000) }).success).toBe(true);
  });
});
