/**
 * `npm run api:generate`: the web app's API types (`apps/web/src/lib/api/openapi.d.ts`) written from the OpenAPI
 * document the server builds from its zod schemas. The server app is built in-process on an in-memory PGlite
 * database, never listening, and closed after; `openapi-client.api.test.ts` builds it again and fails when the
 * committed file no longer matches.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, NUMBER, type OpenAPI3, STRING } from 'openapi-typescript';
import ts from 'typescript';
import { buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/database.ts';
import { openPglite } from '../apps/server/src/db/database.ts';
import { TEST_CONFIG } from '../apps/server/src/test/test-config.ts';

/** The generated file, relative to the repository root. */
export const OPENAPI_TYPES_FILE = 'apps/web/src/lib/api/openapi.d.ts';
export const OPENAPI_TYPES_PATH = fileURLToPath(new URL(`../${OPENAPI_TYPES_FILE}`, import.meta.url));

/** The OpenAPI document the server serves at /api/docs/json, from an app built on `db` and closed again. */
export async function liveOpenApiDocument(db: Database): Promise<OpenAPI3> {
  // No setting changes which routes exist; the tests' settings are the cheapest to build with.
  const { app } = await buildApp({ config: TEST_CONFIG, db });
  try {
    await app.ready();
    return app.swagger() as unknown as OpenAPI3;
  } finally {
    await app.close();
  }
}

type Schema = Record<string, unknown>;

/** The pattern of the contract's `idParamSchema`: an id as a path or query parameter carries it. */
const ID_PARAM_PATTERN = '^[1-9]\\d{0,9}$';

/** A response's JSON schema without its description (the server describes each status's codes there). */
function undescribed(schema: Schema): string {
  const { description: _description, ...rest } = schema;
  return JSON.stringify(rest);
}

/**
 * The error answers' schema once, as `components.schemas.ErrorBody`: the server repeats the whole of it (every
 * error code) in each of some five hundred error responses, which would make the types a megabyte.
 */
function withSharedErrorBody(document: OpenAPI3): OpenAPI3 {
  const copy = structuredClone(document);
  const errorSchemas: Schema[] = [];
  for (const item of Object.values(copy.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, { responses?: Record<string, unknown> }>)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const json = (response as { content?: Record<string, { schema?: Schema }> }).content?.[
          'application/json'
        ];
        if (Number(status) >= 400 && json?.schema) errorSchemas.push(json.schema);
      }
    }
  }
  const counts = new Map<string, number>();
  for (const schema of errorSchemas)
    counts.set(undescribed(schema), (counts.get(undescribed(schema)) ?? 0) + 1);
  const [errorBody] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (errorBody === undefined) return copy;
  for (const schema of errorSchemas) {
    if (undescribed(schema) !== errorBody) continue;
    for (const key of Object.keys(schema)) delete schema[key];
    schema.$ref = '#/components/schemas/ErrorBody';
  }
  copy.components = {
    ...copy.components,
    schemas: { ...copy.components?.schemas, ErrorBody: JSON.parse(errorBody) },
  };
  return copy;
}

/** The TypeScript of `document`'s paths, as committed: the same document always gives the same text. */
export async function openApiTypes(document: OpenAPI3): Promise<string> {
  const nodes = await openapiTS(withSharedErrorBody(document), {
    silent: true,
    // Every path and schema in one order, whatever order the modules register their routes in.
    alphabetize: true,
    // An id in a path or query is text on the wire; the web app holds ids as numbers and may pass either.
    transform: (schema) =>
      'pattern' in schema && schema.pattern === ID_PARAM_PATTERN
        ? ts.factory.createUnionTypeNode([STRING, NUMBER])
        : undefined,
  });
  return `${COMMENT_HEADER}${astToString(nodes)}`;
}

if (import.meta.main) {
  const database = await openPglite(undefined);
  try {
    await writeFile(OPENAPI_TYPES_PATH, await openApiTypes(await liveOpenApiDocument(database.db)));
  } finally {
    await database.close();
  }
  console.log(`wrote ${OPENAPI_TYPES_FILE}`);
}
