/**
 * What the activity record (docs/design.md §9) costs a proxied request, against its goal of at most 0.2 ms
 * added at p50, and how fast its batches reach the database. In this process, on the real classes: the board
 * client asks the record about every request (`begin`), so a read pays for being told apart from a change (the
 * baseline, every control panel's poll), and a change pays for its entry and two journal lines in a real journal
 * folder. Then entries appended in batches of 100 to the embedded database and, with DATABASE_URL set, to a
 * throwaway PostgreSQL database: entries a second, off the requests' path. `npm run bench:activity`; ACTIVITY_SAMPLES
 * (20,000) changes the number of requests timed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseBoardRequest } from '@portal/duet/protocol';
import pino from 'pino';
import { type DatabaseHandle, openPglite, openPostgres } from '../apps/server/src/db/database.ts';
import {
  ActivityRepository,
  type PendingEntry,
} from '../apps/server/src/modules/activity/activity.repository.ts';
import { ActivityJournal } from '../apps/server/src/modules/activity/activity-journal.ts';
import { ActivityKey } from '../apps/server/src/modules/activity/activity-key.ts';
import { ActivityLog } from '../apps/server/src/modules/activity/activity-log.ts';
import { summarize } from './support/percentiles.ts';
import { withPostgresDatabase } from './support/postgres.ts';

const SAMPLES = Number(process.env.ACTIVITY_SAMPLES ?? 20_000);
const GOAL_MS = 0.2;
const BATCH = 100;
const BATCHES = 50;
/** Appends are keyed (HMAC-SHA-256), as the portal's are. */
const BENCH_KEY = new ActivityKey('bench-activity-key-long-enough-for-hmac');

const actor = { userId: 1, path: 'admin' as const, sessionId: 'bench' };
/** A request as the edge read it: the record's cost starts from there. */
function request(target: string) {
  const parsed = parseBoardRequest('GET', target);
  if (!parsed.ok) throw new Error(parsed.reason);
  return { controllerId: 1, board: parsed.request, actor, address: '127.0.0.1' };
}

/** Each request's time in the record, in milliseconds: `changeOf` and, for a change, its `start` and `end`. */
function timeRequests(log: ActivityLog, path: string): number[] {
  const times: number[] = [];
  const facts = request(path);
  for (let index = 0; index < SAMPLES; index++) {
    const start = process.hrtime.bigint();
    log.changeOf(facts)?.start().end(200);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times;
}

const entry = (index: number): PendingEntry => ({
  entryId: randomUUID(),
  at: new Date(),
  actorUserId: null,
  controllerId: null,
  ticketId: null,
  kind: 'board.gcode',
  detail: { gcode: `M117 bench ${index}`, via: 'admin' },
  address: '127.0.0.1',
  outcome: 200,
});

/** Entries a second that batches of BATCH reach the database at. */
async function appendRate(database: DatabaseHandle): Promise<number> {
  const repository = new ActivityRepository(database.db, BENCH_KEY);
  await repository.append([entry(-1)]); // warm-up
  const start = performance.now();
  for (let batch = 0; batch < BATCHES; batch++) {
    await repository.append(Array.from({ length: BATCH }, (_, index) => entry(batch * BATCH + index)));
  }
  return (BATCH * BATCHES) / ((performance.now() - start) / 1000);
}

const folder = await mkdtemp(path.join(tmpdir(), 'bench-activity-'));
const pglite = await openPglite(path.join(folder, 'pglite'));
try {
  const { journal } = await ActivityJournal.open(path.join(folder, 'journal'));
  // Batches an hour apart: only the request's own share is timed here; the appends are measured below.
  const log = new ActivityLog({
    repository: new ActivityRepository(pglite.db, BENCH_KEY),
    clock: () => new Date(),
    flushMs: 3_600_000,
  });
  log.start(pino({ level: 'silent' }), journal);
  // Warm-up of both paths, then the measurements.
  timeRequests(log, '/rr_model?flags=d99fn');
  timeRequests(log, '/rr_gcode?gcode=M115');
  const read = summarize(timeRequests(log, '/rr_model?flags=d99fn'));
  const change = summarize(timeRequests(log, '/rr_gcode?gcode=M117%20bench'));
  await journal.close({ clean: true });
  const us = (value: number) => Number((value * 1000).toFixed(1));
  console.log(`\nThe record's share of a proxied request, ${SAMPLES} requests each (µs):`);
  console.table([
    { request: 'rr_model (a read: baseline)', p50: us(read.p50), p95: us(read.p95), max: us(read.max) },
    {
      request: 'rr_gcode (a change: entry and two journal lines)',
      p50: us(change.p50),
      p95: us(change.p95),
      max: us(change.max),
      'vs baseline (p50)': Number((change.p50 / read.p50).toFixed(1)),
      [`p50 / ${GOAL_MS} ms goal`]: Number((change.p50 / GOAL_MS).toFixed(3)),
    },
  ]);
  console.log(`Goal (at most ${GOAL_MS} ms added at p50): ${change.p50 <= GOAL_MS ? 'met' : 'missed'}`);

  const rates = [{ database: 'PGlite', 'entries/s': Math.round(await appendRate(pglite)) }];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    await withPostgresDatabase(serverUrl, async (url) => {
      const postgres = await openPostgres(url);
      try {
        rates.push({ database: 'PostgreSQL', 'entries/s': Math.round(await appendRate(postgres)) });
      } finally {
        await postgres.close();
      }
    });
  }
  console.log(`\nAppends to the chain, ${BATCHES} batches of ${BATCH} (off the requests' path):`);
  console.table(rates);
  if (!serverUrl) console.log('PostgreSQL: skipped (set DATABASE_URL to measure it too)');
} finally {
  await pglite.close();
  await rm(folder, { recursive: true, force: true });
}
