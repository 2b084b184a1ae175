import { createRequire } from 'node:module';

/** Defined by the bundler (apps/gateway/scripts/build.ts): the bundle has no package.json beside it to read. */
declare const BUNDLED_GATEWAY_VERSION: string | undefined;

/** The gateway's version, as its package says: reported to the portal on every connection. */
export const GATEWAY_VERSION: string =
  typeof BUNDLED_GATEWAY_VERSION === 'string'
    ? BUNDLED_GATEWAY_VERSION
    : (createRequire(import.meta.url)('../package.json') as { version: string }).version;
