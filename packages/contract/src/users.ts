import { z } from 'zod';
import { roleSchema } from './roles.ts';

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  role: roleSchema,
  enabled: z.boolean(),
  createdAt: z.iso.datetime(),
  lastPasswordChange: z.iso.datetime().nullable(),
  business: z.number().int(),
});
export type User = z.infer<typeof userSchema>;
