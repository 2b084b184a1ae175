/**
 * The PostgreSQL error code (SQLSTATE) of a failed query, on both drivers: Drizzle wraps the driver's
 * error, whose `code` is the SQLSTATE (23505 unique violation, 23503 foreign key violation).
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

/** A LIKE pattern matching `text` anywhere, with its own wildcards taken literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
