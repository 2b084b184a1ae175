import { createHash, createHmac } from 'node:crypto';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ActivityVerification } from '@portal/contract';
import canonicalize from 'canonicalize';
import { asc, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityChain, activityRecords } from '../../db/schema.ts';
import { InProcessBus } from '../../shared/cluster-bus.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_ACTIVITY_KEY, TEST_CONFIG } from '../../test/test-config.ts';
import { createActivityModule } from './activity.module.ts';
import { CheckpointFile, checkpointLine, signCheckpoint } from './activity-checkpoint.ts';
import { ActivityKey } from './activity-key.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'activity-tamper-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A fresh app whose checkpoints go to a file of its own, with `count` entries recorded. */
async function freshRecord(count: number): Promise<TestApp & { verify(): Promise<ActivityVerification> }> {
  const checkpointFile = path.join(await mkdtemp(path.join(folder, 'app-')), 'checkpoints.jsonl');
  const t = await createTestApp({ activity: { flushMs: 5, checkpointFile } });
  await recordSome(t, count);
  const admin = await t.tokenFor('admin@demo.test');
  const verify = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activity/verify',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as ActivityVerification;
  };
  return Object.assign(t, { verify });
}

/** Entries made as an administrative action is recorded. */
async function recordSome(t: TestApp, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    t.modules.activity.log.record({
      actorUserId: null,
      controllerId: null,
      ticketId: null,
      kind: 'user.update',
      detail: { route: 'PUT /api/v1/users/:id', name: `user ${index}` },
      address: '127.0.0.1',
      outcome: 200,
    });
  }
  await t.modules.activity.log.flush();
}

type Rehash = (prevHash: string, canonical: string) => string;

/** What the published code computes without a key: SHA-256 over the previous hash and the canonical fields. */
const plainSha256: Rehash = (prevHash, canonical) =>
  createHash('sha256').update(prevHash).update('\n').update(canonical).digest('hex');
/** The keyed algorithm, with a key guessed: the attacker knows the code, not the key. */
const guessedKey: Rehash = (prevHash, canonical) =>
  createHmac('sha256', 'a guessed key, long enough to look right')
    .update(`activity entry\n${prevHash}\n${canonical}\n`)
    .digest('hex');

type Tx = Parameters<Parameters<TestApp['database']['db']['transaction']>[0]>[0];

/** Tampering as only the database's owner could: with the triggers off for the transaction. */
const tamper = (t: TestApp, work: (tx: Tx) => Promise<void>) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await work(tx);
  });

/** Every hash from entry `seq` to the head computed again with `rehash` (and `chain`, if given), the head row too. */
async function rehashFrom(tx: Tx, seq: number, rehash: Rehash, chain?: number) {
  const rows = await tx
    .select()
    .from(activityRecords)
    .where(gte(activityRecords.seq, seq))
    .orderBy(asc(activityRecords.seq));
  let prevHash = rows[0]?.prevHash ?? '';
  for (const row of rows) {
    const { prevHash: _prev, hash: _hash, chain: _chain, ...fields } = row;
    const hash = rehash(prevHash, String(canonicalize({ ...fields, at: fields.at.toISOString() })));
    await tx
      .update(activityRecords)
      .set({ prevHash, hash, ...(chain !== undefined && { chain }) })
      .where(eq(activityRecords.seq, row.seq));
    prevHash = hash;
  }
  const last = rows.at(-1)?.seq ?? seq - 1;
  await tx.update(activityChain).set({ lastSeq: last, lastHash: prevHash }).where(eq(activityChain.id, 1));
}

const editName = (tx: Tx, seq: number) =>
  tx
    .update(activityRecords)
    .set({ detail: { route: 'PUT /api/v1/users/:id', name: 'someone else' } })
    .where(eq(activityRecords.seq, seq));

describe('an activity record rewritten by someone who can write the database', () => {
  it('is found when an entry is edited and every later hash computed again with plain SHA-256', async () => {
    const t = await freshRecord(5);
    try {
      expect(await t.verify()).toMatchObject({ intact: true, checked: 5 });
      await tamper(t, async (tx) => {
        await editName(tx, 2);
        await rehashFrom(tx, 2, plainSha256);
      });
      expect(await t.verify()).toMatchObject({ intact: false, broken: { seq: 2, reason: 'altered' } });
    } finally {
      await t.close();
    }
  });

  it('is found when the hashes are computed again with the right algorithm but without the key', async () => {
    const t = await freshRecord(5);
    try {
      await tamper(t, async (tx) => {
        await editName(tx, 3);
        await rehashFrom(tx, 3, guessedKey);
      });
      expect(await t.verify()).toMatchObject({ intact: false, broken: { seq: 3, reason: 'altered' } });
    } finally {
      await t.close();
    }
  });

  it('is found when the keyed entries are passed off as unkeyed and rehashed, by the checkpoint that pinned the key', async () => {
    const t = await freshRecord(5);
    try {
      const checkpoint = await t.modules.activity.checkpoints.write();
      await tamper(t, async (tx) => {
        await editName(tx, 2);
        await rehashFrom(tx, 1, plainSha256, 1);
        await tx.update(activityChain).set({ keyedFromSeq: 5 }).where(eq(activityChain.id, 1));
      });
      expect(await t.verify()).toMatchObject({
        intact: false,
        broken: { seq: 1, reason: 'rebuilt', checkpoint: { at: checkpoint?.at, seq: 5 } },
      });
    } finally {
      await t.close();
    }
  });

  it('is found when the newest entries are removed after a checkpoint and the head set back', async () => {
    const t = await freshRecord(5);
    try {
      const checkpoint = await t.modules.activity.checkpoints.write();
      await recordSome(t, 2);
      expect(await t.verify()).toMatchObject({ intact: true, checked: 7, checkpoints: 1 });
      await tamper(t, async (tx) => {
        await tx.delete(activityRecords).where(gt(activityRecords.seq, 3));
        const [last] = await tx.select().from(activityRecords).orderBy(desc(activityRecords.seq)).limit(1);
        await tx
          .update(activityChain)
          .set({ lastSeq: 3, lastHash: last?.hash })
          .where(eq(activityChain.id, 1));
      });
      expect(await t.verify()).toMatchObject({
        intact: false,
        checked: 3,
        broken: { seq: 4, reason: 'truncated', checkpoint: { at: checkpoint?.at, seq: 5 } },
      });
    } finally {
      await t.close();
    }
  });

  it('is found when the oldest entries are removed as if pruned, though a checkpoint shows them too young', async () => {
    const t = await freshRecord(5);
    try {
      await t.modules.activity.checkpoints.write();
      await recordSome(t, 2);
      await tamper(t, async (tx) => {
        const [anchor] = await tx.select().from(activityRecords).where(eq(activityRecords.seq, 5));
        await tx.delete(activityRecords).where(lte(activityRecords.seq, 5));
        await tx
          .update(activityChain)
          .set({ anchorSeq: 5, anchorHash: anchor?.hash })
          .where(eq(activityChain.id, 1));
      });
      expect(await t.verify()).toMatchObject({ intact: false, broken: { seq: 5, reason: 'truncated' } });
    } finally {
      await t.close();
    }
  });

  it('is found when a chain rebuilt with a newer entry in place of a removed one meets the checkpoint', async () => {
    const t = await freshRecord(5);
    try {
      await t.modules.activity.checkpoints.write();
      await tamper(t, async (tx) => {
        const [fourth] = await tx.select().from(activityRecords).where(eq(activityRecords.seq, 4));
        await tx.delete(activityRecords).where(gt(activityRecords.seq, 4));
        await tx
          .update(activityChain)
          .set({ lastSeq: 4, lastHash: fourth?.hash })
          .where(eq(activityChain.id, 1));
      });
      // The portal goes on appending, with its key, after the head it is shown.
      await recordSome(t, 1);
      expect(await t.verify()).toMatchObject({ intact: false, broken: { seq: 5, reason: 'rebuilt' } });
    } finally {
      await t.close();
    }
  });

  it('reports a checkpoint not signed with the key (forged in the file)', async () => {
    const t = await freshRecord(3);
    try {
      const file = t.modules.activity.checkpoints.file;
      if (!file) throw new Error('no checkpoint file');
      const forger = new ActivityKey('the forger does not have the key, only the file');
      const head = await t.modules.activity.repository.head();
      const forged = signCheckpoint(forger, {
        at: new Date().toISOString(),
        seq: head.lastSeq,
        hash: head.lastHash,
        headAt: null,
        keyedFrom: 0,
        key: forger.id,
      });
      await appendFile(file.path, checkpointLine(forged));
      expect(await t.verify()).toMatchObject({ intact: false, broken: { seq: 3, reason: 'key' } });
    } finally {
      await t.close();
    }
  });
});

describe('an instance starting on the activity record', () => {
  /** The module as server.ts starts it, with `activityKey`, its messages kept. */
  async function started(t: TestApp, activityKey: string, checkpointFile: string) {
    const messages: { level: string; message: string }[] = [];
    const keep =
      (level: string) =>
      (...args: unknown[]) => {
        messages.push({ level, message: String(args.find((arg) => typeof arg === 'string')) });
      };
    const logger = { error: keep('error'), warn: keep('warn'), info: keep('info') };
    const module = createActivityModule({
      db: t.database.db,
      clock: t.clock.now,
      config: { ...TEST_CONFIG, activityKey, activity: { checkpointFile } },
      bus: new InProcessBus(),
    });
    await module.start(logger as unknown as FastifyBaseLogger);
    return { module, messages };
  }

  it('writes a checkpoint at start and at stop, and says so when its key is not the one the record was written with', async () => {
    const t = await freshRecord(2);
    try {
      const checkpointFile = path.join(folder, `start-${Date.now()}.jsonl`);
      const same = await started(t, TEST_ACTIVITY_KEY, checkpointFile);
      expect(same.messages.filter((each) => each.level === 'error')).toEqual([]);
      same.module.log.record({
        actorUserId: null,
        controllerId: null,
        ticketId: null,
        kind: 'user.update',
        detail: { name: 'before the stop' },
        address: null,
        outcome: 200,
      });
      await same.module.stop();
      const key = new ActivityKey(TEST_ACTIVITY_KEY);
      const written = await new CheckpointFile(checkpointFile).read(key);
      expect(written.map((each) => [each.checkpoint.seq, each.signed])).toEqual([
        [2, true],
        [3, true],
      ]);

      const other = await started(t, 'another key, which no entry was written with', checkpointFile);
      expect(other.messages.filter((each) => each.level === 'error')).toEqual([
        { level: 'error', message: expect.stringMatching(/written with another key/) },
      ]);
      await other.module.stop();
    } finally {
      await t.close();
    }
  });
});

describe('the database of the activity record', () => {
  it('refuses an entry without its chain version, as an instance of an earlier release would append', async () => {
    const t = await freshRecord(1);
    try {
      await expect(
        t.database.db.execute(sql`INSERT INTO activity_records
          (seq, entry_id, at, kind, detail, prev_hash, hash)
          VALUES (2, gen_random_uuid(), now(), 'user.update', '{}', repeat('0', 64), repeat('0', 64))`),
      ).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});
