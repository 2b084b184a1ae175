import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { openTestDatabase } from '../apps/server/src/test/test-database.ts';
import {
  liveOpenApiDocument,
  OPENAPI_TYPES_FILE,
  OPENAPI_TYPES_PATH,
  openApiTypes,
} from './openapi-client.ts';

it('the web app is built on the API the server serves', async () => {
  const database = await openTestDatabase('empty');
  try {
    const live = await openApiTypes(await liveOpenApiDocument(database.db));
    const committed = await readFile(OPENAPI_TYPES_PATH, 'utf8');
    // Not toBe: a diff of half a megabyte would bury the message.
    expect(
      live === committed,
      `${OPENAPI_TYPES_FILE} no longer matches the server's routes: run \`npm run api:generate\` and commit it`,
    ).toBe(true);
  } finally {
    await database.close();
  }
});
