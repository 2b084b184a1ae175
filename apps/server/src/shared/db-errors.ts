/** PostgreSQL's SQLSTATE for a row still referenced by another table's foreign key. */
const FOREIGN_KEY_VIOLATION = '23503';
/** PostgreSQL's SQLSTATE for a duplicate key of a unique index. */
const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a database error, looked up through Drizzle's wrapping (`cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Whether a write failed because other rows still reference the row: both drivers (PGlite, node-postgres)
 * report PostgreSQL's code. Checks before a delete give the clear message; this catches the race where a
 * reference appears between the check and the delete, so it still answers 409 and never a 500.
 */
export const isForeignKeyViolation = (error: unknown): boolean => sqlStateOf(error) === FOREIGN_KEY_VIOLATION;

export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === UNIQUE_VIOLATION;
