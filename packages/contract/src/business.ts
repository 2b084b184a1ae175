import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { pageQuerySchema, pageSchema } from './paging.ts';
import { emailSchema, postalCodeSchema, requiredText, storableText } from './validation.ts';

/** The operator business shown in the footer and used for the public contact link. */
export const operatorBusinessSchema = z.object({
  name: z.string(),
  street: z.string(),
  cap: z.number().int(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
  logo: z.string().nullable(),
});
export type OperatorBusiness = z.infer<typeof operatorBusinessSchema>;

/** A business as `GET /api/v1/business/{id}` answers it. */
export const businessSchema = operatorBusinessSchema.extend({
  id: z.number().int(),
  active: z.boolean(),
});
export type Business = z.infer<typeof businessSchema>;

/** GET /api/v1/business: administrators page through all, everyone else gets their own. */
export const businessListQuerySchema = pageQuerySchema(['id', 'name', 'city', 'active']);
export type BusinessListQuery = z.input<typeof businessListQuerySchema>;
export const businessPageSchema = pageSchema(businessSchema);

/** POST /api/v1/business (administrators). */
export const businessCreateBodySchema = z.object({ name: requiredText(LIMITS.businessNameMax) });
export type BusinessCreateBody = z.input<typeof businessCreateBodySchema>;

/** A text an update may empty; absent leaves it as it is (`optionalText` would default it to ''). */
const editableText = (max: number) => storableText().trim().max(max).optional();

/**
 * PUT /api/v1/business/{id} (administrators): name, address and `active` (suspend or reactivate).
 * Every field is optional and an absent one is left unchanged, so a suspension alone keeps the address.
 */
export const businessUpdateBodySchema = z.object({
  name: requiredText(LIMITS.businessNameMax).optional(),
  street: editableText(LIMITS.streetMax),
  cap: postalCodeSchema.optional(),
  city: editableText(LIMITS.placeMax),
  province: editableText(LIMITS.placeMax),
  country: editableText(LIMITS.placeMax),
  email: z.union([emailSchema, z.literal('')]).optional(),
  phone: editableText(LIMITS.phoneMax),
  active: z.boolean().optional(),
});
export type BusinessUpdateBody = z.input<typeof businessUpdateBodySchema>;
