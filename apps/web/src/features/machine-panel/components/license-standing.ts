import {
  type License,
  type LicenseState,
  licenseDaysLeft,
  licenseEnd,
  licenseStateOf,
} from '@portal/contract';

/** What the control panel says about a machine's licence (docs/product.md §2 and §9). */
export interface LicenseStanding {
  /** The licence's state, or 'none' for a machine that never had one. */
  state: LicenseState | 'none';
  /** No licence, not activated, or ended: the server refuses the machine to all but administrators. */
  expired: boolean;
  /** When it ends; null when there is no licence or it was never activated. */
  end: number | null;
  /** Whole days left while it is expiring; null otherwise. */
  warningDaysLeft: number | null;
}

export function licenseStanding(license: License | null | undefined, now: number): LicenseStanding {
  if (!license) return { state: 'none', expired: true, end: null, warningDaysLeft: null };
  const state = licenseStateOf(license, now);
  return {
    state,
    expired: state === 'expired' || state === 'notActivated',
    end: licenseEnd(license),
    warningDaysLeft: state === 'expiring' ? licenseDaysLeft(license, now) : null,
  };
}

/**
 * The control widgets show unless the licence has expired; those who may open an expired machine's panel
 * (administrators, the `expiredControlPanel` capability) always see them.
 */
export const showsControls = (standing: LicenseStanding, mayOpenExpired: boolean): boolean =>
  !standing.expired || mayOpenExpired;
