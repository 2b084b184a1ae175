import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import * as schema from '../../db/schema.ts';
import {
  MIGRATIONS,
  type MigrationDatabase,
  migrationsBefore,
  openMigrationDatabase,
} from '../../test/migration-database.ts';
import { ActivityRepository } from './activity.repository.ts';
import { CHAIN_PLAIN, type ChainedFields, entryHash } from './activity-chain.ts';
import { CheckpointFile } from './activity-checkpoint.ts';
import { ActivityKey } from './activity-key.ts';
import { verifyChain } from './activity-verification.ts';
import { CheckpointWriter } from './checkpoint-writer.ts';

/** The migration that gives the record its key. */
const KEY_MIGRATION = 18;
const key = new ActivityKey('the-activity-key-of-the-migration-test');
const now = new Date('2026-11-28T09:00:00Z');

let database: MigrationDatabase;
let db: Database;

beforeAll(async () => {
  database = await openMigrationDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

/** Entries as the release before the key wrote them: SHA-256 chained, no chain version. */
async function writeUnkeyedEntries(count: number): Promise<void> {
  let prevHash = '0'.repeat(64);
  for (let seq = 1; seq <= count; seq += 1) {
    const fields: ChainedFields = {
      seq,
      entryId: randomUUID(),
      at: new Date(now.getTime() - (count - seq) * 60_000),
      actorUserId: null,
      actorEmail: null,
      actorRole: null,
      actorBusinessId: null,
      controllerId: null,
      businessId: null,
      ticketId: null,
      kind: 'user.update',
      detail: { name: `before the key ${seq}` },
      address: '127.0.0.1',
      outcome: 200,
    };
    const hash = entryHash(CHAIN_PLAIN, prevHash, fields, key);
    await db.execute(sql`INSERT INTO activity_records
      (seq, entry_id, at, kind, detail, address, outcome, prev_hash, hash)
      VALUES (${seq}, ${fields.entryId}, ${fields.at.toISOString()}, ${fields.kind}, ${JSON.stringify(fields.detail)},
        ${fields.address}, ${fields.outcome}, ${prevHash}, ${hash})`);
    prevHash = hash;
  }
  await db.execute(sql`UPDATE activity_chain SET last_seq = ${count}, last_hash = ${prevHash} WHERE id = 1`);
}

describe('a record written before the key, after the migration that brings it', () => {
  it('keeps its unkeyed entries, continues keyed from their head, and is checked whole; its first checkpoint pins where the key starts', async () => {
    await database.migrateTo(await migrationsBefore(database.folder, KEY_MIGRATION));
    await writeUnkeyedEntries(4);
    await database.migrateTo(MIGRATIONS);

    const [head] = await db.select().from(schema.activityChain);
    expect(head).toMatchObject({ lastSeq: 4, keyedFromSeq: 4 });
    const chains = await db.select({ chain: schema.activityRecords.chain }).from(schema.activityRecords);
    expect(chains.map((row) => row.chain)).toEqual([1, 1, 1, 1]);

    const repository = new ActivityRepository(db, key);
    const file = new CheckpointFile(path.join(database.folder, 'checkpoints.jsonl'));
    const writer = new CheckpointWriter({ repository, key, clock: () => now, file });
    expect(await writer.write()).toMatchObject({ seq: 4, keyedFrom: 4, key: key.id });
    await repository.append(
      [1, 2].map((index) => ({
        entryId: randomUUID(),
        at: now,
        actorUserId: null,
        controllerId: null,
        ticketId: null,
        kind: 'user.update',
        detail: { name: `with the key ${index}` },
        address: null,
        outcome: 200,
      })),
    );
    const keyed = await db
      .select({ seq: schema.activityRecords.seq, chain: schema.activityRecords.chain })
      .from(schema.activityRecords)
      .where(eq(schema.activityRecords.chain, 2))
      .orderBy(schema.activityRecords.seq);
    expect(keyed.map((row) => row.seq)).toEqual([5, 6]);
    const options = { key, readCheckpoints: () => file.read(key), retentionDays: 1825, now };
    expect(await verifyChain(repository, options)).toEqual({
      intact: true,
      checked: 6,
      checkpoints: 1,
      broken: null,
    });

    // An unkeyed entry edited and the unkeyed part rehashed: the checkpoint's head no longer matches.
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE activity_records SET detail = '{"name":"someone else"}' WHERE seq = 2`);
      let prevHash = '0'.repeat(64);
      const rows = await tx.select().from(schema.activityRecords).orderBy(schema.activityRecords.seq);
      for (const row of rows.filter((each) => each.seq <= 4)) {
        const { prevHash: _p, hash: _h, chain: _c, ...fields } = row;
        const hash = entryHash(CHAIN_PLAIN, prevHash, fields, key);
        await tx.execute(
          sql`UPDATE activity_records SET prev_hash = ${prevHash}, hash = ${hash} WHERE seq = ${row.seq}`,
        );
        prevHash = hash;
      }
      await tx.execute(sql`UPDATE activity_records SET prev_hash = ${prevHash} WHERE seq = 5`);
    });
    expect(await verifyChain(repository, options)).toMatchObject({
      intact: false,
      broken: { seq: 4, reason: 'rebuilt', checkpoint: { seq: 4 } },
    });
  });
});
