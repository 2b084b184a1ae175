import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.ts';
import { LIMITS } from './limits.ts';
import { pageQuerySchema, pageSchema } from './paging.ts';
import { roleSchema } from './role-schema.ts';
import { Role } from './roles.ts';
import {
  emailSchema,
  nameSchema,
  optionalText,
  passwordRuleSchema,
  phoneSchema,
  postalCodeSchema,
  surnameSchema,
} from './validation.ts';
import { ruleIssue } from './validation-codes.ts';

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

/** The exact texts of docs/product.md §5 for the create-user rules (toast header / body). */
export const CREATE_USER_MESSAGES = {
  invalidBusiness: { header: 'Invalid business selected', body: 'Please select a valid business value' },
  invalidRole: { header: 'Invalid role selected', body: 'Please select a valid role' },
  invalidPassword: { header: 'Invalid password', body: 'Please input a valid password' },
  passwordMismatch: { header: 'Invalid password', body: 'Password do not match' },
} as const;

/** GET /api/v1/users: optionally one business; sorted and filtered on the server. */
export const userListQuerySchema = pageQuerySchema([
  'id',
  'email',
  'name',
  'surname',
  'role',
  'business',
]).extend({
  business: idParamSchema.optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export const userPageSchema = pageSchema(userSchema);

/**
 * POST /api/v1/users: exactly the payload of docs/product.md §3 (business, email, name, surname, password, role,
 * enabled). The business must be chosen (> 0) and the password must follow the password rule; which roles and
 * businesses the creator may pick is the server's check. Repeating the password is the form's check only.
 */
export const userCreateBodySchema = z.object({
  // Not `.min(1)`: its code would be tooSmall, and the client shows the text of docs/product.md §5 by code.
  business: z
    .number()
    .int()
    .max(2_147_483_647)
    .superRefine((business, ctx) => {
      if (business < 1) ctx.addIssue(ruleIssue('invalidBusiness', CREATE_USER_MESSAGES.invalidBusiness.body));
    }),
  email: emailSchema,
  name: nameSchema,
  surname: surnameSchema,
  password: z.string().min(1, CREATE_USER_MESSAGES.invalidPassword.body).pipe(passwordRuleSchema),
  role: roleSchema,
  enabled: z.boolean().default(true),
});
export type UserCreateBody = z.input<typeof userCreateBodySchema>;

/** PUT /api/v1/users/{id}: every field optional; a password given must follow the rule. */
export const userUpdateBodySchema = z.object({
  email: emailSchema.optional(),
  name: nameSchema.optional(),
  surname: z.string().trim().max(LIMITS.nameMax).optional(),
  password: passwordRuleSchema.optional(),
  role: roleSchema.optional(),
  enabled: z.boolean().optional(),
  /** Needed to change one's own password or email, so a stolen session cannot take the account. */
  currentPassword: z.string().max(LIMITS.passwordMax).optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

/** Roles a creator may give: strictly lower in rank (higher number) than their own (docs/product.md §6). */
export const assignableRoles = (creator: Role): Role[] =>
  (Object.values(Role) as Role[]).filter((role) => role > creator);

export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  street: z.string(),
  cap: z.number().int(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressCreateBodySchema = z.object({
  name: nameSchema,
  surname: surnameSchema,
  country: z.string().trim().min(1).max(LIMITS.placeMax),
  province: optionalText(LIMITS.placeMax),
  city: z.string().trim().min(1).max(LIMITS.placeMax),
  street: z.string().trim().min(1).max(LIMITS.streetMax),
  cap: postalCodeSchema,
});
export type AddressCreateBody = z.input<typeof addressCreateBodySchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactCreateBodySchema = z.object({
  name: nameSchema,
  surname: surnameSchema,
  email: z.union([emailSchema, z.literal('')]).default(''),
  phone: phoneSchema,
});
export type ContactCreateBody = z.input<typeof contactCreateBodySchema>;

export const userPreferencesSchema = z.object({
  id: z.number().int(),
  ticketNotifications: z.boolean(),
  machineNotifications: z.boolean(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

export const userPreferencesBodySchema = userPreferencesSchema.omit({ id: true });
export type UserPreferencesBody = z.infer<typeof userPreferencesBodySchema>;

/** POST /api/v1/users/{id}/machines: a machine group to give the user access to. */
export const userMachineBodySchema = z.object({ machine: idSchema });

/** Paths of a user's sub-resources: the user and the item. */
export const addressParamsSchema = z.object({ id: idParamSchema, addressId: idParamSchema });
export const contactParamsSchema = z.object({ id: idParamSchema, contactId: idParamSchema });
export const userMachineParamsSchema = z.object({ id: idParamSchema, machineId: idParamSchema });
