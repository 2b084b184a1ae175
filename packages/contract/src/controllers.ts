import { z } from 'zod';
import { idSchema } from './ids.ts';
import { licenseSchema } from './licenses.ts';
import { LIMITS } from './limits.ts';
import { pageQuerySchema, pageSchema } from './paging.ts';
import { queryFlagSchema, requiredText } from './validation.ts';

/** The controller left out of the computer choices (docs/product.md §9). */
export const EXCLUDED_CONTROLLER_ID = 1;

/**
 * What a gateway last reported about itself and its board (docs/design.md §5c): its uptime then, and the board's
 * firmware as the board names it and how long it takes to answer, when the gateway could reach it.
 */
const gatewayReportSchema = z.object({
  reportedAt: z.iso.datetime(),
  uptimeSeconds: z.number().int(),
  board: z.object({
    reachable: z.boolean(),
    firmware: z
      .object({ name: z.string(), version: z.string(), dsfVersion: z.string().nullable() })
      .nullable(),
    latencyMs: z.number().nullable(),
  }),
});
export type GatewayReportView = z.infer<typeof gatewayReportSchema>;

/** A computer controller: the gateway computer at a customer's site (docs/product.md §3). */
export const computerControllerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  license: z.number().int().nullable(),
  business: z.number().int(),
  /** The machine group it serves, if any. */
  machine: z.number().int().nullable(),
  /** When its gateway key was generated; null while it has none. */
  keyCreatedAt: z.iso.datetime().nullable(),
  /**
   * Its gateway: connected to the portal now, when it was last in touch (connected, reported or left), the version it
   * reported, whether that is older than MINIMUM_GATEWAY_VERSION, and its last report.
   */
  gateway: z.object({
    connected: z.boolean(),
    lastSeenAt: z.iso.datetime().nullable(),
    version: z.string().nullable(),
    outdated: z.boolean(),
    report: gatewayReportSchema.nullable(),
  }),
  /** Only with `include_license=true`. */
  licenseDetails: licenseSchema.nullable().optional(),
});
export type ComputerController = z.infer<typeof computerControllerSchema>;

export const controllerListQuerySchema = pageQuerySchema(['id', 'name', 'business']).extend({
  /** Only controllers no machine group uses. */
  unused: queryFlagSchema,
  business: z.coerce.number().int().min(1).optional(),
});
export type ControllerListQuery = z.input<typeof controllerListQuerySchema>;
export const controllerPageSchema = pageSchema(computerControllerSchema);
export const includeLicenseQuerySchema = z.object({ include_license: queryFlagSchema });

/** POST /api/v1/controller/computer (administrators). */
export const controllerCreateBodySchema = z.object({
  name: requiredText(LIMITS.nameMax),
  type: idSchema,
  business: idSchema,
});
export type ControllerCreateBody = z.input<typeof controllerCreateBodySchema>;

/** PUT /api/v1/controller/computer/{id}: name and licence (null unbinds it). */
export const controllerUpdateBodySchema = z.object({
  name: requiredText(LIMITS.nameMax),
  license: idSchema.nullable(),
});
export type ControllerUpdateBody = z.input<typeof controllerUpdateBodySchema>;

/** POST /api/v1/controller/computer/{id}/key: the new gateway key, shown once; the old one stops working. */
export const gatewayKeySchema = z.object({ key: z.string() });
