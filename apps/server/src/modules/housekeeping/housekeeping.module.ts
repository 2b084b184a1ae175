import type { ModuleDeps } from '../../shared/module.ts';
import { HousekeepingRepository } from './housekeeping.repository.ts';
import { HousekeepingService, type HousekeepingTask } from './housekeeping.service.ts';

/**
 * The deployment's timed chores, each run by one instance per period (server.ts starts it): expired sessions and
 * login counters from auth, recovery links and limits from password recovery, maintenance reminders, activity
 * checkpoints. Whichever instance claims a chore's period in the database (`housekeeping_runs`) runs it; no routes.
 */
export function createHousekeepingModule({ db, clock }: ModuleDeps, tasks: readonly HousekeepingTask[]) {
  const repository = new HousekeepingRepository(db);
  return { service: new HousekeepingService(repository, clock, tasks) };
}
