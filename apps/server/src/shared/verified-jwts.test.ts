import { errors, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { VerifiedJwts } from './verified-jwts.ts';

const KEY = new TextEncoder().encode('a-test-secret-of-at-least-32-characters!');
const OPTIONS = { algorithm: 'HS256', issuer: 'issuer' };
const START = Date.UTC(2026, 10, 25) / 1000;
const at = (seconds: number) => new Date((START + seconds) * 1000);

function sign(
  claims: { exp?: number; nbf?: number; aud?: string; issuer?: string } = {},
  key = KEY,
): Promise<string> {
  const jwt = new SignJWT({ id: 7 })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(claims.issuer ?? 'issuer')
    .setAudience(claims.aud ?? 'api')
    .setIssuedAt(START)
    .setExpirationTime(claims.exp ?? START + 60);
  if (claims.nbf !== undefined) jwt.setNotBefore(claims.nbf);
  return jwt.sign(key);
}

describe('VerifiedJwts', () => {
  it('answers a token it verified again from memory, until it expires, then as jose does', async () => {
    const verified = new VerifiedJwts(KEY, OPTIONS);
    const token = await sign();
    const first = await verified.verify(token, 'api', at(0));
    expect(first).toMatchObject({ id: 7, aud: 'api', iss: 'issuer' });
    expect(await verified.verify(token, 'api', at(59))).toBe(first);
    await expect(verified.verify(token, 'api', at(60))).rejects.toBeInstanceOf(errors.JWTExpired);
    // Back within its time (a test clock), it is verified afresh.
    expect(await verified.verify(token, 'api', at(1))).not.toBe(first);
  });

  it('refuses what jose refuses, also once the same token is known for another audience', async () => {
    const verified = new VerifiedJwts(KEY, OPTIONS);
    const token = await sign();
    await verified.verify(token, 'api', at(0));
    await expect(verified.verify(token, 'webcam', at(0))).rejects.toBeInstanceOf(
      errors.JWTClaimValidationFailed,
    );
    const [head, body] = token.split('.');
    const forged = `${head}.${body}.${'A'.repeat(43)}`;
    await expect(verified.verify(forged, 'api', at(0))).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
    const otherKey = await sign({}, new TextEncoder().encode('another-secret-of-at-least-32-characters'));
    await expect(verified.verify(otherKey, 'api', at(0))).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
    const otherIssuer = await sign({ issuer: 'elsewhere' });
    await expect(verified.verify(otherIssuer, 'api', at(0))).rejects.toBeInstanceOf(
      errors.JWTClaimValidationFailed,
    );
  });

  it('keeps to nbf as jose does', async () => {
    const verified = new VerifiedJwts(KEY, OPTIONS);
    const token = await sign({ nbf: START + 10 });
    await expect(verified.verify(token, 'api', at(9))).rejects.toBeInstanceOf(
      errors.JWTClaimValidationFailed,
    );
    const accepted = await verified.verify(token, 'api', at(10));
    expect(await verified.verify(token, 'api', at(11))).toBe(accepted);
    await expect(verified.verify(token, 'api', at(9))).rejects.toBeInstanceOf(
      errors.JWTClaimValidationFailed,
    );
  });

  it('leaves a token accepted with a clock tolerance to jose, and keeps none', async () => {
    const verified = new VerifiedJwts(KEY, OPTIONS);
    const token = await sign();
    const late = await verified.verify(token, 'api', at(100), 3600);
    expect(late).toMatchObject({ id: 7 });
    expect(await verified.verify(token, 'api', at(100), 3600)).not.toBe(late);
    await expect(verified.verify(token, 'api', at(100))).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it('holds at most its capacity, forgetting the oldest token first', async () => {
    const verified = new VerifiedJwts(KEY, { ...OPTIONS, capacity: 2 });
    const [a, b, c] = await Promise.all([sign({ exp: START + 61 }), sign({ exp: START + 62 }), sign()]);
    const first = await verified.verify(a as string, 'api', at(0));
    const second = await verified.verify(b as string, 'api', at(0));
    await verified.verify(c as string, 'api', at(0));
    expect(await verified.verify(b as string, 'api', at(0))).toBe(second);
    expect(await verified.verify(a as string, 'api', at(0))).not.toBe(first);
  });
});
