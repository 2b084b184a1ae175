import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printQueueRuns } from '../../db/schema.ts';
import {
  MIGRATIONS,
  type MigrationDatabase,
  migrationsBefore,
  openMigrationDatabase,
} from '../../test/migration-database.ts';

/** The migration that turns the runs' English reasons into codes. */
const CODES_MIGRATION = 25;

let database: MigrationDatabase;

beforeAll(async () => {
  database = await openMigrationDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** A business's machine and a job on it, the only ones of the database, as any release wrote them. */
async function jobOnAMachine(): Promise<void> {
  await database.db.execute(sql`
    with business as (insert into businesses (name) values ('Officina Rossi') returning id),
      machine_type as (insert into machine_types (name) values ('Prusa MK4') returning id),
      board_type as (insert into board_types (name) values ('Duet 3 Mini 5+') returning id),
      computer_type as (insert into computer_types (name) values ('Raspberry Pi') returning id),
      controller as (
        insert into computer_controllers (name, type_id, business_id)
        select 'Gateway officina', computer_type.id, business.id from computer_type, business returning id),
      machine as (
        insert into machine_groups (name, machine_type_id, board_type_id, business_id, computer_controller_id)
        select 'Prusa linea 1', machine_type.id, board_type.id, business.id, controller.id
        from machine_type, board_type, business, controller returning id)
    insert into print_queue_jobs (business_id, file_name, machine_group_id, copies, position, queued_at)
    select business.id, 'staffa.gcode', machine.id, 10, 1, now() from business, machine`);
}

describe('the runs a release before the codes ended', () => {
  it('keep why they failed as codes: the English texts as theirs, an error message as a start not made', async () => {
    await database.migrateTo(await migrationsBefore(database.folder, CODES_MIGRATION));
    await jobOnAMachine();
    // Each run's state and reason as the release before wrote them, in the order of their copies.
    const written: [string, string | null][] = [
      ['failed', 'The machine did not take the file'],
      ['failed', 'The machine did not start the print'],
      ['failed', 'The machine halted'],
      ['failed', 'The print was cancelled on the machine'],
      ['failed', 'The print ended while the portal was not following the machine'],
      ['failed', 'The board of this machine is offline'],
      ['failed', 'The gateway of this machine is offline'],
      ['failed', 'The file is no longer readable'],
      ['finished', null],
      ['cancelled', null],
    ];
    for (const [index, [state, reason]] of written.entries()) {
      await database.db.execute(sql`
        insert into print_queue_runs (job_id, machine_group_id, copy, state, board_file, started_at, ended_at, reason)
        values ((select id from print_queue_jobs), (select id from machine_groups), ${index + 1}, ${state}, '0:/gcodes/queue/staffa.gcode', now(), now(), ${reason})`);
    }

    await database.migrateTo(MIGRATIONS);

    const runs = await database.db
      .select({ reason: printQueueRuns.reason, startError: printQueueRuns.startError })
      .from(printQueueRuns)
      .orderBy(asc(printQueueRuns.copy));
    expect(runs.map((run) => [run.reason, run.startError])).toEqual([
      ['fileRefused', null],
      ['startRefused', null],
      ['halted', null],
      ['cancelledOnMachine', null],
      ['endedUnseen', null],
      ['notStarted', 'BOARD_OFFLINE'],
      ['notStarted', 'GATEWAY_OFFLINE'],
      ['notStarted', null],
      [null, null],
      [null, null],
    ]);
    // From now on only codes are stored.
    await expect(
      database.db.execute(sql`update print_queue_runs set reason = 'The machine halted' where copy = 3`),
    ).rejects.toThrow();
  });
});
