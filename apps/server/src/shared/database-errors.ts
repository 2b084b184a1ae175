/** PostgreSQL SQLSTATE codes the services turn into answers instead of 500s. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

/**
 * The SQLSTATE of a database error, whichever driver raised it: Drizzle wraps the driver's error (pg or
 * PGlite) in its own, with the original as `cause`.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
