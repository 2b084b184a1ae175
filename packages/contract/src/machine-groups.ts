import { z } from 'zod';
import { idSchema } from './ids.ts';
import { LIMITS } from './limits.ts';
import { pageQuerySchema, pageSchema } from './paging.ts';
import { optionalText, requiredText } from './validation.ts';

/** Firmware versions of docs/product.md §3: 0 is unknown. */
export const FIRMWARE_VERSIONS = [0, 3.4, 3.5, 3.6] as const;
export type Firmware = (typeof FIRMWARE_VERSIONS)[number];
export const firmwareSchema = z.union(FIRMWARE_VERSIONS.map((version) => z.literal(version)));

/** 0 shows as Unknown (translated by the caller); a version N as "N.x". */
export const formatFirmware = (firmware: number, unknown: string): string =>
  firmware === 0 ? unknown : `${Math.floor(firmware)}.x`;

/** A machine group: what a customer sees as one machine (docs/product.md §3). */
export const machineGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  location: z.string(),
  description: z.string(),
  machine: z.number().int(),
  board: z.number().int(),
  business: z.number().int(),
  computer: z.number().int(),
  firmware: firmwareSchema,
  /** Ticket ids about it (tickets arrive with the support work). */
  issues: z.array(z.number().int()),
});
export type MachineGroup = z.infer<typeof machineGroupSchema>;

export const machineGroupListQuerySchema = pageQuerySchema(['id', 'name', 'location', 'business']).extend({
  business_id: z.coerce.number().int().min(1).optional(),
});
export type MachineGroupListQuery = z.input<typeof machineGroupListQuerySchema>;
export const machineGroupPageSchema = pageSchema(machineGroupSchema);

/** POST /api/v1/machinegroup (administrators). */
export const machineGroupCreateBodySchema = z.object({
  name: requiredText(LIMITS.nameMax),
  location: optionalText(LIMITS.locationMax),
  description: optionalText(LIMITS.descriptionMax),
  machine: idSchema,
  board: idSchema,
  business: idSchema,
  computer: idSchema,
  firmware: firmwareSchema.default(0),
});
export type MachineGroupCreateBody = z.input<typeof machineGroupCreateBodySchema>;

/**
 * PUT /api/v1/machinegroup/{id}: name, location and description for whoever sees the group; firmware and
 * business for administrators only.
 */
export const machineGroupUpdateBodySchema = z.object({
  name: requiredText(LIMITS.nameMax).optional(),
  location: z.string().trim().max(LIMITS.locationMax).optional(),
  description: z.string().trim().max(LIMITS.descriptionMax).optional(),
  firmware: firmwareSchema.optional(),
  business: idSchema.optional(),
});
export type MachineGroupUpdateBody = z.input<typeof machineGroupUpdateBodySchema>;

/** PUT /api/v1/machinegroup/{id}/composition (administrators). */
export const machineGroupCompositionBodySchema = z.object({
  machine: idSchema,
  computerController: idSchema,
});
export type MachineGroupCompositionBody = z.input<typeof machineGroupCompositionBodySchema>;

/** GET /api/v1/machinegroup/{id}/users: who has access to it. */
export const machineGroupUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  business: z.number().int(),
  businessName: z.string(),
});
export type MachineGroupUser = z.infer<typeof machineGroupUserSchema>;
