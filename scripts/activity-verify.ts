/**
 * `npm run activity:verify`: checks the activity record's chain (docs/design.md §9) from the command line, on the
 * database the portal's environment names (DATABASE_URL, or the embedded one in DATA_DIR, which only a stopped
 * portal lets go). Prints what it found; exits 0 when the record is whole, 1 when it is not, 2 when it could not
 * check.
 */
import path from 'node:path';
import { ConfigError, parseConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../apps/server/src/db/database.ts';
import { ActivityRepository } from '../apps/server/src/modules/activity/activity.repository.ts';
import { verifyChain } from '../apps/server/src/modules/activity/activity.service.ts';
import { dataFolderInUse } from '../apps/server/src/server.ts';

async function open(): Promise<DatabaseHandle> {
  const config = parseConfig(process.env);
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dataDir = path.resolve(config.dataDir);
  if (await dataFolderInUse(dataDir)) {
    throw new ConfigError(
      `A portal is running on ${dataDir}: stop it first, or use Check integrity on the Activity page`,
    );
  }
  return openPglite(path.join(dataDir, 'pglite'));
}

let database: DatabaseHandle | undefined;
try {
  database = await open();
  const result = await verifyChain(new ActivityRepository(database.db));
  if (result.intact) {
    console.log(`The activity record is whole: ${result.checked} entries checked.`);
  } else {
    console.log(
      `The activity record has been tampered with: entry ${result.broken?.seq} is ${result.broken?.reason} ` +
        `(${result.checked} entries checked before it).`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 2;
} finally {
  await database?.close();
}
