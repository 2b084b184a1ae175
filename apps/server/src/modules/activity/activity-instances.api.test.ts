import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_START } from '../../test/test-config.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { ActivityRepository, type PendingEntry } from './activity.repository.ts';
import { CheckpointFile } from './activity-checkpoint.ts';
import { ActivityKey } from './activity-key.ts';
import { verifyChain } from './activity-verification.ts';
import { CheckpointWriter } from './checkpoint-writer.ts';

const key = new ActivityKey('the key every instance of the deployment shares');
let folder: string;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'activity-instances-'));
  database = await openTestDatabase('empty');
});
afterAll(async () => {
  await database?.close();
  await rm(folder, { recursive: true, force: true });
});

const entry = (instance: number, index: number): PendingEntry => ({
  entryId: randomUUID(),
  at: TEST_START,
  actorUserId: null,
  controllerId: null,
  ticketId: null,
  kind: 'user.update',
  detail: { instance, index },
  address: null,
  outcome: 200,
});

describe('several instances appending to the activity record', () => {
  it('chain one after another with the shared key, each publishing checkpoints into its own file, all of which the check holds', async () => {
    const instances = [1, 2, 3].map((instance) => {
      const repository = new ActivityRepository(database.db, key);
      const file = new CheckpointFile(path.join(folder, `instance-${instance}.jsonl`));
      return {
        instance,
        repository,
        file,
        writer: new CheckpointWriter({ repository, key, clock: () => TEST_START, file }),
      };
    });
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(
        instances.map(async ({ instance, repository, writer }) => {
          await repository.append(
            Array.from({ length: 5 }, (_, index) => entry(instance, round * 5 + index)),
          );
          await writer.write();
        }),
      );
    }
    const verification = await verifyChain(instances[0]?.repository as ActivityRepository, {
      key,
      readCheckpoints: async () => (await Promise.all(instances.map(({ file }) => file.read(key)))).flat(),
      retentionDays: 1825,
      now: TEST_START,
    });
    expect(verification).toEqual({
      intact: true,
      checked: 45,
      checkpoints: expect.any(Number),
      broken: null,
    });
    expect(verification.checkpoints).toBeGreaterThanOrEqual(3);
  });
});
