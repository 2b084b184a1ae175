import { z } from 'zod';
import { idSchema } from './ids.ts';
import { pageQuerySchema, pageSchema } from './paging.ts';
import { queryFlagSchema } from './validation.ts';

/** A year of licence, the unit of the quick buttons (+1, +2, +3 years). */
export const LICENSE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
export const LICENSE_QUICK_YEARS = [1, 2, 3] as const;
/** The control panel warns when fewer days than this remain. */
export const LICENSE_WARNING_DAYS = 30;
/** Longest licence accepted: a century. */
export const LICENSE_EXPIRY_MAX_MS = 100 * LICENSE_YEAR_MS;
/** Latest activation accepted: the end of year 9999, within what dates and the database can hold. */
export const LICENSE_ACTIVATION_MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A licence (docs/product.md §3): `expiry` is a duration in milliseconds, `activation` a date in
 * milliseconds; it ends at activation + expiry. `computer` is the controller it is bound to.
 */
export const licenseSchema = z.object({
  id: z.number().int(),
  business: z.number().int(),
  expiry: z.number().int(),
  activation: z.number().int().nullable(),
  computer: z.number().int().nullable(),
  /** Only with `include_computer=true`: the bound controller's name. */
  computerName: z.string().nullable().optional(),
});
export type License = z.infer<typeof licenseSchema>;

/** When a licence ends, or null when it was never activated. */
export const licenseEnd = (license: Pick<License, 'activation' | 'expiry'>): number | null =>
  license.activation === null ? null : license.activation + license.expiry;

/** Expired: never activated, or its end is in the past (docs/product.md §3). */
export function isLicenseExpired(license: Pick<License, 'activation' | 'expiry'>, now: number): boolean {
  const end = licenseEnd(license);
  return end === null || end < now;
}

/** Whole days left before the end (0 when expired or never activated). */
export function licenseDaysLeft(license: Pick<License, 'activation' | 'expiry'>, now: number): number {
  const end = licenseEnd(license);
  return end === null ? 0 : Math.max(0, Math.floor((end - now) / (24 * 60 * 60 * 1000)));
}

/**
 * A licence as every screen names it: created but not activated yet, active, active with fewer than
 * LICENSE_WARNING_DAYS left, or ended. For what a machine may do, "not activated" counts as not valid
 * (`isLicenseExpired`), but it is shown as what it is: waiting to be activated, not ended.
 */
export const LICENSE_STATES = ['notActivated', 'active', 'expiring', 'expired'] as const;
export type LicenseState = (typeof LICENSE_STATES)[number];

export function licenseStateOf(license: Pick<License, 'activation' | 'expiry'>, now: number): LicenseState {
  const end = licenseEnd(license);
  if (end === null) return 'notActivated';
  if (end < now) return 'expired';
  return licenseDaysLeft(license, now) < LICENSE_WARNING_DAYS ? 'expiring' : 'active';
}

export const licenseListQuerySchema = pageQuerySchema(['id', 'business', 'activation', 'expiry']).extend({
  include_computer: queryFlagSchema,
});
export type LicenseListQuery = z.input<typeof licenseListQuerySchema>;
export const licensePageSchema = pageSchema(licenseSchema);
export const includeComputerQuerySchema = z.object({ include_computer: queryFlagSchema });

const expirySchema = z.number().int().min(1).max(LICENSE_EXPIRY_MAX_MS);

/** POST /api/v1/licenses (administrators). */
export const licenseCreateBodySchema = z.object({ business: idSchema, expiry: expirySchema });
export type LicenseCreateBody = z.input<typeof licenseCreateBodySchema>;

/** PUT /api/v1/licenses/{id} (administrators). */
export const licenseUpdateBodySchema = z.object({
  expiry: expirySchema,
  business: idSchema,
  activation: z.number().int().min(0).max(LICENSE_ACTIVATION_MAX_MS).nullable(),
});
export type LicenseUpdateBody = z.input<typeof licenseUpdateBodySchema>;

/** PUT /api/v1/licenses/{id}/activate (administrators): activates it now and binds it to the controller. */
export const licenseActivateBodySchema = z.object({ computer: idSchema });
