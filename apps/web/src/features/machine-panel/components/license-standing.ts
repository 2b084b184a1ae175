import {
  isLicenseExpired,
  LICENSE_WARNING_DAYS,
  type License,
  licenseDaysLeft,
  licenseEnd,
} from '@portal/contract';

/** What the control panel says about a machine's licence (specification sections 2 and 9). */
export interface LicenseStanding {
  /** No licence, never activated, or ended: the server refuses the machine to all but administrators. */
  expired: boolean;
  /** When it ends; null when there is no licence or it was never activated. */
  end: number | null;
  /** Whole days left, when fewer than LICENSE_WARNING_DAYS remain of a licence still valid; null otherwise. */
  warningDaysLeft: number | null;
}

export function licenseStanding(license: License | null | undefined, now: number): LicenseStanding {
  if (!license) return { expired: true, end: null, warningDaysLeft: null };
  const expired = isLicenseExpired(license, now);
  const daysLeft = licenseDaysLeft(license, now);
  return {
    expired,
    end: licenseEnd(license),
    warningDaysLeft: !expired && daysLeft < LICENSE_WARNING_DAYS ? daysLeft : null,
  };
}

/**
 * The control widgets show unless the licence has expired; those who may open an expired machine's panel
 * (administrators, the `expiredControlPanel` capability) always see them.
 */
export const showsControls = (standing: LicenseStanding, mayOpenExpired: boolean): boolean =>
  !standing.expired || mayOpenExpired;
