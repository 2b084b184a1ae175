import type { License } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { licenseStanding, showsControls } from './license-standing';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 21, 9);
const license = (activation: number | null, expiry: number): License => ({
  id: 1,
  business: 1,
  activation,
  expiry,
  computer: 1,
});

describe('the licence standing on the control panel', () => {
  it('warns with the days left when fewer than 30 remain', () => {
    expect(licenseStanding(license(NOW - 345 * DAY, 365 * DAY), NOW)).toEqual({
      state: 'expiring',
      expired: false,
      end: NOW + 20 * DAY,
      warningDaysLeft: 20,
    });
    expect(licenseStanding(license(NOW, 29 * DAY + DAY / 2), NOW).warningDaysLeft).toBe(29);
    expect(licenseStanding(license(NOW, 12 * 60 * 60 * 1000), NOW).warningDaysLeft).toBe(0);
  });

  it('does not warn with 30 days or more left', () => {
    expect(licenseStanding(license(NOW, 30 * DAY), NOW).warningDaysLeft).toBeNull();
    expect(licenseStanding(license(NOW - DAY, 400 * DAY), NOW)).toMatchObject({
      expired: false,
      warningDaysLeft: null,
    });
  });

  it('counts as expired once the end has passed, without a warning', () => {
    expect(licenseStanding(license(NOW - 400 * DAY, 365 * DAY), NOW)).toEqual({
      state: 'expired',
      expired: true,
      end: NOW - 35 * DAY,
      warningDaysLeft: null,
    });
  });

  it('keeps a machine with a licence never activated, or none at all, closed, and says which it is', () => {
    expect(licenseStanding(license(null, 365 * DAY), NOW)).toEqual({
      state: 'notActivated',
      expired: true,
      end: null,
      warningDaysLeft: null,
    });
    expect(licenseStanding(null, NOW)).toMatchObject({ state: 'none', expired: true });
    expect(licenseStanding(undefined, NOW)).toMatchObject({ state: 'none', expired: true });
  });

  it('shows the controls to everyone while the licence is valid, and only to administrators after', () => {
    const valid = licenseStanding(license(NOW, 100 * DAY), NOW);
    const expired = licenseStanding(license(NOW - 400 * DAY, 365 * DAY), NOW);
    expect([showsControls(valid, false), showsControls(valid, true)]).toEqual([true, true]);
    expect([showsControls(expired, false), showsControls(expired, true)]).toEqual([false, true]);
  });
});
