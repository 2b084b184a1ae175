import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';
import { VALIDATION_CODES } from './validation-codes.ts';

/** Field name -> messages, as answered for validation failures. */
export const fieldMessagesSchema = z.record(z.string(), z.array(z.string()));
export type FieldMessages = z.infer<typeof fieldMessagesSchema>;

/** Field name -> stable validation codes (see validation.ts), beside the English messages. */
export const fieldCodesSchema = z.record(z.string(), z.array(z.enum(VALIDATION_CODES)));
export type FieldCodes = z.infer<typeof fieldCodesSchema>;

/**
 * The body of every error answer (docs/design.md §3). A validation failure also carries `fields`:
 * the same fields with stable codes the client translates.
 */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  message: z.union([z.string(), fieldMessagesSchema]),
  fields: fieldCodesSchema.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
