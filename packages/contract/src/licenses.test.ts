import { describe, expect, it } from 'vitest';
import { isLicenseExpired, LICENSE_WARNING_DAYS, licenseStateOf } from './licenses.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2026-11-25T12:00:00Z');

describe('licenseStateOf', () => {
  it('calls a licence never activated "not activated", not expired, though no machine may use it', () => {
    const created = { activation: null, expiry: 365 * DAY };
    expect(licenseStateOf(created, now)).toBe('notActivated');
    expect(isLicenseExpired(created, now)).toBe(true);
  });

  it('is active, then expiring within the warning days, then expired once its end has passed', () => {
    const activatedAt = (daysAgo: number) => ({ activation: now - daysAgo * DAY, expiry: 365 * DAY });
    expect(licenseStateOf(activatedAt(10), now)).toBe('active');
    expect(licenseStateOf(activatedAt(365 - LICENSE_WARNING_DAYS), now)).toBe('active');
    expect(licenseStateOf(activatedAt(365 - LICENSE_WARNING_DAYS + 1), now)).toBe('expiring');
    expect(licenseStateOf(activatedAt(365), now)).toBe('expiring');
    expect(licenseStateOf(activatedAt(366), now)).toBe('expired');
  });
});
