import {
  type Business,
  formatPostalCode,
  LIMITS,
  optionalText,
  phoneSchema,
  postalCodeSchema,
  requiredText,
} from '@portal/contract';
import { z } from 'zod';

/**
 * The data tab's fields as typed: the contract's bounds, with the postal code as text (shown padded to
 * five digits) and an email that may stay empty.
 */
export const businessDataSchema = z.object({
  name: requiredText(LIMITS.businessNameMax),
  street: optionalText(LIMITS.streetMax),
  cap: z.string().trim().min(1).regex(/^\d+$/).transform(Number).pipe(postalCodeSchema),
  city: optionalText(LIMITS.placeMax),
  province: optionalText(LIMITS.placeMax),
  country: optionalText(LIMITS.placeMax),
  email: z
    .string()
    .trim()
    .max(LIMITS.emailMax)
    .refine((email) => email === '' || z.email().safeParse(email).success, { params: { code: 'email' } }),
  phone: phoneSchema,
});
export type BusinessDataInput = z.input<typeof businessDataSchema>;

/** The form's starting texts for a business. */
export const businessDataValues = (business: Business): BusinessDataInput => ({
  name: business.name,
  street: business.street,
  cap: formatPostalCode(business.cap),
  city: business.city,
  province: business.province,
  country: business.country,
  email: business.email,
  phone: business.phone,
});
