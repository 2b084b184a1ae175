import { z } from 'zod';
import { idParamSchema } from './ids.ts';
import { libraryFolderSchema } from './library.ts';

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
 * Where a slicer's upload lands (docs/product.md §7 "Tokens"), chosen when the token is made and signed into it:
 * the machine's board (`machine`, the default), the business's print library (`library`, into `folder`), or the
 * library and the print queue (`queue`: a job of one copy on this machine, or on any machine of its type).
 */
export const SLICER_QUEUE_TARGETS = ['machine', 'machineType'] as const;
export type SlicerQueueTarget = (typeof SLICER_QUEUE_TARGETS)[number];
export const slicerDestinationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('machine') }),
  z.object({ kind: z.literal('library'), folder: libraryFolderSchema }),
  z.object({ kind: z.literal('queue'), folder: libraryFolderSchema, target: z.enum(SLICER_QUEUE_TARGETS) }),
]);
export type SlicerDestination = z.infer<typeof slicerDestinationSchema>;
export type SlicerDestinationKind = SlicerDestination['kind'];

/**
 * `POST /api/v1/customer/printer/duet/{id}/token`. `full_control` asks for the full level (administrators
 * only); otherwise `can_connect` and `can_upload_files` must both be set for the upload-and-print level. A
 * `destination` other than the machine is for the upload-and-print level only.
 */
export const apiTokenRequestSchema = z
  .object({
    can_connect: z.boolean(),
    can_upload_files: z.boolean(),
    full_control: z.boolean(),
    destination: slicerDestinationSchema.optional(),
  })
  .refine((body) => body.full_control || (body.can_connect && body.can_upload_files), {
    message: 'Choose upload-and-print (can_connect and can_upload_files) or full_control',
    path: ['full_control'],
  })
  .refine((body) => !body.full_control || (body.destination?.kind ?? 'machine') === 'machine', {
    message:
      'A full-control token reaches the machine: only upload-and-print tokens go to the library or queue',
    path: ['destination'],
  });
export type ApiTokenRequest = z.infer<typeof apiTokenRequestSchema>;

export const apiTokenSchema = z.object({
  /** The token itself: it is not stored anywhere, so this answer is the only time it is seen. */
  api_token: z.string(),
  level: apiTokenLevelSchema,
  destination: slicerDestinationSchema,
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

/** `/customer/api/v1/duet/{id}/{library|queue}/{token}/…`: a token whose uploads land in the library or queue. */
export const slicerPortalParamsSchema = slicerParamsSchema.omit({ level: true });

/**
 * The Duet URL's segment after the machine: the access level for a token whose uploads go to the board, else
 * where they land (`library`, `queue`), so the URL a user pastes says it and a token only works under its own.
 */
export type SlicerUrlSegment = ApiTokenLevel | Exclude<SlicerDestinationKind, 'machine'>;
export const slicerUrlSegment = (
  level: ApiTokenLevel,
  destination: SlicerDestinationKind,
): SlicerUrlSegment => (destination === 'machine' ? level : destination);

/** The URL a slicer takes as a Duet printer (PrusaSlicer's "Duet" host type, Cura's Duet RRF plugin). */
export const slicerDuetPath = (controllerId: number, segment: SlicerUrlSegment, token: string) =>
  `/customer/api/v1/duet/${controllerId}/${segment}/${token}/`;

/** The URL a slicer takes as an OctoPrint host, the token going in as its API key (`X-Api-Key`). */
export const slicerOctoPrintPath = (controllerId: number) => `/customer/api/v1/octoprint/${controllerId}/`;
