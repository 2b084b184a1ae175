import { z } from 'zod';

/** A role as the API carries it (see roles.ts; kept apart so importing `Role` loads no zod). */
export const roleSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
