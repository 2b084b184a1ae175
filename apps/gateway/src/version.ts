import { createRequire } from 'node:module';

/** The gateway's version, as its package says: reported to the portal on every connection. */
export const GATEWAY_VERSION: string = (
  createRequire(import.meta.url)('../package.json') as { version: string }
).version;
