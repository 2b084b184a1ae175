import { z } from 'zod';
import { idParamSchema } from './ids.ts';

/**
 * External access for slicers (docs/product.md §7 "Tokens", docs/design.md §4). In every URL here `{id}` is
 * the computer controller's id, as in the proxy's `/proxy/duet/…/{id}` (the settings screen reads it from the
 * machine group it shows).
 */

/** The two access levels: `upload` (connect, upload into 0:/gcodes, print or simulate it, read status) and `full_control`. */
export const API_TOKEN_LEVELS = ['upload', 'full_control'] as const;
export const apiTokenLevelSchema = z.enum(API_TOKEN_LEVELS);
export type ApiTokenLevel = z.infer<typeof apiTokenLevelSchema>;

/** docs/product.md §9: a token works for six months after it was generated. */
export const API_TOKEN_VALIDITY_MONTHS = 6;

/**
 * `POST /api/v1/customer/printer/duet/{id}/token`. `full_control` asks for the full level (administrators
 * only); otherwise `can_connect` and `can_upload_files` must both be set for the upload-and-print level.
 */
export const apiTokenRequestSchema = z
  .object({
    can_connect: z.boolean(),
    can_upload_files: z.boolean(),
    full_control: z.boolean(),
  })
  .refine((body) => body.full_control || (body.can_connect && body.can_upload_files), {
    message: 'Choose upload-and-print (can_connect and can_upload_files) or full_control',
    path: ['full_control'],
  });
export type ApiTokenRequest = z.infer<typeof apiTokenRequestSchema>;

export const apiTokenSchema = z.object({
  /** The token itself: it is not stored anywhere, so this answer is the only time it is seen. */
  api_token: z.string(),
  level: apiTokenLevelSchema,
  /** Milliseconds since the epoch. */
  expires_at: z.number().int(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenParamsSchema = z.object({ id: idParamSchema });

/** `/customer/api/v1/duet/{id}/{level}/{token}/…`: the URL level is `upload` or `full_control`. */
export const slicerParamsSchema = z.object({
  id: idParamSchema,
  level: apiTokenLevelSchema,
  token: z.string().min(1).max(1000),
  '*': z.string(),
});

/** The URL a slicer takes as a Duet printer (PrusaSlicer's "Duet" host type, Cura's Duet RRF plugin). */
export const slicerDuetPath = (controllerId: number, level: ApiTokenLevel, token: string) =>
  `/customer/api/v1/duet/${controllerId}/${level}/${token}/`;

/** The URL a slicer takes as an OctoPrint host, the token going in as its API key (`X-Api-Key`). */
export const slicerOctoPrintPath = (controllerId: number) => `/customer/api/v1/octoprint/${controllerId}/`;
