/**
 * `npm run activity:verify`: checks the activity record (docs/design.md §9) from the command line, on the database
 * the portal's environment names (DATABASE_URL, or the embedded one in DATA_DIR, which only a stopped portal lets
 * go), with the record's key (ACTIVITY_KEY, or the one in DATA_DIR) and against the signed checkpoints of
 * ACTIVITY_CHECKPOINT_FILE, or of the files given (`npm run activity:verify -- --checkpoints a.jsonl
 * --checkpoints b.jsonl`: each instance's, or the copies kept off the machine). Prints what it found; exits 0 when
 * the record is whole, 1 when it is not, 2 when it could not check.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../apps/server/src/db/database.ts';
import { ActivityRepository } from '../apps/server/src/modules/activity/activity.repository.ts';
import { CheckpointFile } from '../apps/server/src/modules/activity/activity-checkpoint.ts';
import { ActivityKey, loadActivityKeySecret } from '../apps/server/src/modules/activity/activity-key.ts';
import { verifyChain } from '../apps/server/src/modules/activity/activity-verification.ts';
import { dataFolderInUse } from '../apps/server/src/server.ts';

/** What each reason says of the entry it names. */
const REASONS: Record<string, string> = {
  altered: 'altered (its fields no longer give its hash with the key)',
  missing: 'missing',
  head: "not the last one the chain's head names",
  rebuilt: 'not what a signed checkpoint recorded: the chain was rebuilt',
  truncated: 'gone: the record was cut short',
  key: "named by a checkpoint not signed with this key (forged, or this is not the record's key)",
};

async function open(dataDir: string, databaseUrl: string | undefined): Promise<DatabaseHandle> {
  if (databaseUrl) return openPostgres(databaseUrl);
  if (await dataFolderInUse(dataDir)) {
    throw new ConfigError(
      `A portal is running on ${dataDir}: stop it first, or use Check integrity on the Activity page`,
    );
  }
  return openPglite(path.join(dataDir, 'pglite'));
}

async function keyOf(configured: string | undefined, dataDir: string): Promise<ActivityKey> {
  try {
    return new ActivityKey(await loadActivityKeySecret(configured, dataDir, { create: false }));
  } catch {
    throw new ConfigError(
      'No key to check with: set ACTIVITY_KEY, or DATA_DIR to the folder holding activity-key',
    );
  }
}

let database: DatabaseHandle | undefined;
try {
  const config = parseConfig(process.env);
  const dataDir = path.resolve(config.dataDir);
  const { values } = parseArgs({ options: { checkpoints: { type: 'string', multiple: true } } });
  const files = (values.checkpoints ?? [config.activityCheckpointFile]).map(
    (file) => new CheckpointFile(file),
  );
  const key = await keyOf(config.activityKey, dataDir);
  database = await open(dataDir, config.databaseUrl);
  const result = await verifyChain(new ActivityRepository(database.db, key), {
    key,
    readCheckpoints: async () => (await Promise.all(files.map((file) => file.read(key)))).flat(),
    retentionDays: config.activityRetentionDays,
    now: new Date(),
  });
  const against = `${result.checkpoints} checkpoints of ${files.map((file) => file.path).join(', ')}`;
  if (result.checkpoints === 0) {
    console.log(
      'No checkpoint found: removals from the end, or a chain passed off as unkeyed, cannot be seen.',
    );
  }
  if (result.intact) {
    console.log(`The activity record is whole: ${result.checked} entries checked, against ${against}.`);
  } else {
    const { seq, reason = 'altered', checkpoint } = result.broken ?? {};
    const which = checkpoint
      ? ` The checkpoint of ${checkpoint.at} (entry ${checkpoint.seq}) disagrees.`
      : '';
    console.log(
      `The activity record has been tampered with: entry ${seq} is ${REASONS[reason]}.${which} ` +
        `(${result.checked} entries checked before it, against ${against}.)`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 2;
} finally {
  await database?.close();
}
