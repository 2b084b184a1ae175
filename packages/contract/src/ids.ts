import { z } from 'zod';

/** The largest id the database holds (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a path or query string: decimal digits only, no sign, no leading zero, no exponent or
 * hexadecimal form, within the database's range. Anything else is a 400, never a 500.
 */
export const idParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Must be a positive whole number written in decimal digits')
  .transform(Number)
  .refine((id) => id <= MAX_ID, `Must be at most ${MAX_ID}`);

/** An id inside a JSON body. */
export const idSchema = z.number().int().min(1).max(MAX_ID);

export const idParamsSchema = z.object({ id: idParamSchema });
