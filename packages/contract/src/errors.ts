import { z } from 'zod';

/**
 * The one catalog of error codes the API answers with, and the HTTP status of each.
 * Codes are stable: the web client translates them, so never rename one.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 403,
  BUSINESS_SUSPENDED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_LOGIN_ATTEMPTS: 429,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  NOT_READY: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Field name -> messages, as answered for validation failures. */
export const fieldMessagesSchema = z.record(z.string(), z.array(z.string()));
export type FieldMessages = z.infer<typeof fieldMessagesSchema>;

/** The body of every error answer (DESIGN.md section 3). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.string(),
  message: z.union([z.string(), fieldMessagesSchema]),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
