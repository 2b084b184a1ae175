import { Role, SESSION_WARNING_BEFORE_MS } from '@portal/contract';
import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  expiresAt,
  formatTimeLeft,
  isExpired,
  msUntilExpiry,
  readClaims,
  renewalAt,
  warningAt,
} from './session';

const claims = { id: 7, role: Role.Manager, business: 3, exp: 1_700_000_000 };
const expiry = claims.exp * 1000;

describe('readClaims', () => {
  it('reads id, role, business and exp from a session token', async () => {
    const token = new UnsecuredJWT({ ...claims, iat: 1_699_996_400 }).encode();
    expect(await readClaims(token)).toEqual(claims);
  });

  it('gives null for a token without the session claims', async () => {
    expect(await readClaims(new UnsecuredJWT({ id: 7 }).encode())).toBeNull();
  });

  it('gives null for something that is not a token', async () => {
    expect(await readClaims('not-a-token')).toBeNull();
    expect(await readClaims('')).toBeNull();
  });
});

describe('isExpired', () => {
  it('converts exp from seconds to milliseconds', () => {
    expect(expiresAt(claims)).toBe(1_700_000_000_000);
  });

  it('is false before the expiry instant', () => {
    expect(isExpired(claims, expiry - 1)).toBe(false);
  });

  it('is true at and after the expiry instant', () => {
    expect(isExpired(claims, expiry)).toBe(true);
    expect(isExpired(claims, expiry + 60_000)).toBe(true);
  });
});

describe('warningAt', () => {
  it('is due two minutes before expiry', () => {
    expect(SESSION_WARNING_BEFORE_MS).toBe(120_000);
    expect(warningAt(claims)).toBe(expiry - 120_000);
  });
});

describe('renewalAt', () => {
  it('renews a page in use half a minute before the popup would be due', () => {
    expect(renewalAt(claims, expiry - 3_600_000)).toBe(expiry - 150_000);
  });

  it('renews a short token half-way or a minute in, so renewals never follow each other at once', () => {
    expect(renewalAt(claims, expiry - 20_000)).toBe(expiry - 10_000);
    expect(renewalAt(claims, expiry - 130_000)).toBe(expiry - 70_000);
    expect(renewalAt(claims, expiry - 200_000)).toBe(expiry - 140_000);
  });
});

describe('msUntilExpiry', () => {
  it('counts down to expiry and never goes negative', () => {
    expect(msUntilExpiry(claims, expiry - 5000)).toBe(5000);
    expect(msUntilExpiry(claims, expiry + 5000)).toBe(0);
  });
});

describe('formatTimeLeft', () => {
  it('shows minutes and zero-padded seconds under an hour', () => {
    expect(formatTimeLeft((12 * 60 + 5) * 1000)).toBe('12m 05s');
    expect(formatTimeLeft(59 * 60_000 + 59_999)).toBe('59m 59s');
    expect(formatTimeLeft(4_000)).toBe('0m 04s');
  });

  it('shows hours and zero-padded minutes from an hour on', () => {
    expect(formatTimeLeft(3_600_000)).toBe('1h 00m');
    expect(formatTimeLeft((3600 + 5 * 60 + 30) * 1000)).toBe('1h 05m');
    expect(formatTimeLeft(26 * 3_600_000)).toBe('26h 00m');
  });

  it('never shows a negative time', () => {
    expect(formatTimeLeft(0)).toBe('0m 00s');
    expect(formatTimeLeft(-5000)).toBe('0m 00s');
  });
});
