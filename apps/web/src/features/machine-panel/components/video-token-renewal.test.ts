import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { firstRenewalAt, nextRenewalAt, RENEW_RETRY_MS } from './video-token-renewal';

const NOW = Date.UTC(2026, 10, 21, 9);
const key = new TextEncoder().encode('a-test-key-that-is-long-enough-for-hs256');
const token = (issuedAt: number, lifetimeMs: number) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt / 1000)
    .setExpirationTime((issuedAt + lifetimeMs) / 1000)
    .sign(key);

describe('the webcam token renewal', () => {
  it('renews a stored token a minute before it ends', async () => {
    expect(firstRenewalAt(await token(NOW - 2 * 60_000, 10 * 60_000), NOW)).toBe(NOW + 7 * 60_000);
  });

  it('renews at once a token that is missing, unreadable, ended or about to end', async () => {
    expect(firstRenewalAt(null, NOW)).toBe(NOW);
    expect(firstRenewalAt('not-a-token', NOW)).toBe(NOW);
    expect(firstRenewalAt(await token(NOW - 20 * 60_000, 10 * 60_000), NOW)).toBe(NOW);
    expect(firstRenewalAt(await token(NOW - 9.5 * 60_000, 10 * 60_000), NOW)).toBe(NOW);
  });

  it("counts a fresh token's life from its receipt, whatever this device's clock says", async () => {
    const issuedByServer = await token(NOW - 60 * 60_000, 10 * 60_000);
    expect(nextRenewalAt(issuedByServer, NOW)).toBe(NOW + 9 * 60_000);
  });

  it('keeps half of a short life as its margin, and retries later for an unreadable answer', async () => {
    expect(nextRenewalAt(await token(NOW, 60_000), NOW)).toBe(NOW + 30_000);
    expect(nextRenewalAt('garbage', NOW)).toBe(NOW + RENEW_RETRY_MS);
  });
});
