import { describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { HousekeepingRepository } from './housekeeping.repository.ts';
import { HousekeepingService, type HousekeepingTask } from './housekeeping.service.ts';

const t = useTestApp();

const MINUTE = 60_000;

/** One instance's housekeeping over the test app's database, counting the runs of a task of its own. */
function instance(task: string, runs: string[]) {
  const tasks: HousekeepingTask[] = [
    {
      name: task,
      everyMs: MINUTE,
      run: async () => {
        runs.push(task);
      },
    },
  ];
  return new HousekeepingService(new HousekeepingRepository(t.database.db), t.clock.now, tasks);
}

describe('housekeeping', () => {
  it('runs a task once per period for the whole deployment, however many instances look', async () => {
    const runs: string[] = [];
    const instances = [1, 2, 3].map(() => instance('counted', runs));
    await Promise.all(instances.map((each) => each.runDue()));
    expect(runs).toEqual(['counted']);
    // Looking again within the period runs nothing, on any instance.
    t.clock.advance(MINUTE - 1);
    await Promise.all(instances.map((each) => each.runDue()));
    expect(runs).toHaveLength(1);
    // Once due again, one instance (whichever) runs it.
    t.clock.advance(1);
    await Promise.all(instances.map((each) => each.runDue()));
    expect(runs).toHaveLength(2);
  });

  it("takes a dead instance's turn: the next instance to look runs what is due", async () => {
    const runs: string[] = [];
    await instance('taken-over', runs).runDue();
    t.clock.advance(10 * MINUTE);
    await instance('taken-over', runs).runDue();
    expect(runs).toEqual(['taken-over', 'taken-over']);
  });

  it('goes on with the other tasks when one fails, and tries the failed one again next period', async () => {
    const runs: string[] = [];
    const warnings: unknown[] = [];
    const service = new HousekeepingService(new HousekeepingRepository(t.database.db), t.clock.now, [
      { name: 'failing', everyMs: MINUTE, run: async () => Promise.reject(new Error('disk full')) },
      { name: 'after-failing', everyMs: MINUTE, run: async () => runs.push('after-failing') },
    ]);
    expect(await service.runDue({ warn: (object) => warnings.push(object) })).toEqual(['after-failing']);
    expect(warnings).toHaveLength(1);
  });

  it("forgets login counters whose window is over through the app's own tasks", async () => {
    const long = new Date(t.clock.now().getTime() - 24 * 60 * MINUTE);
    await t.database.db
      .insert(loginFailures)
      .values({ key: 'pair:old@example.test', failures: 3, windowStartedAt: long, lastFailureAt: long });
    t.clock.advance(10 * MINUTE);
    expect(await t.modules.housekeeping.service.runDue()).toEqual([
      'auth',
      'activity',
      'activity-checkpoint',
      'password-recovery',
      'gateway-pairing',
      'maintenance-reminders',
      'library-sweep',
      'licence-notices',
    ]);
    expect(await t.database.db.select().from(loginFailures)).toEqual([]);
  });
});
