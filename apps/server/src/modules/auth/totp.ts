import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { TWO_FACTOR } from '@portal/contract';
import { Secret, TOTP } from 'otpauth';

/** The name authenticator apps show above the account. */
const ISSUER = 'Machine Support Portal';

/**
 * The key that encrypts TOTP secrets at rest (docs/design.md §10): derived from the portal's signing secret, which
 * lives in the configuration or the data folder, never in the database, so a dump alone gives no secret away.
 */
export function secretKeyFrom(portalSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', portalSecret, 'portal-two-factor', 'totp secret at rest v1', 32));
}

/** AES-256-GCM, bound to the user (a secret copied to another user's row does not decrypt). */
export function sealSecret(key: Buffer, userId: number, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openSecret(key: Buffer, userId: number, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || sealed === undefined)
    throw new Error('unreadable two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`user:${userId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** A new secret of 160 bits (RFC 4226's recommended length), as base32. */
export const newSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (base32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(base32),
  });

/** The `otpauth://` URI the QR code carries. */
export const totpUri = (base32: string, label: string): string => totpOf(base32, label).toString();

/**
 * The time step `code` is valid for at `now`, one step either side allowed for the clocks of phones, or null.
 * The caller accepts a step only once (the last one used is stored).
 */
export function stepOfCode(base32: string, code: string, now: Date): number | null {
  const delta = totpOf(base32, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TWO_FACTOR.periodSeconds) + delta;
}

/** Recovery codes: 12 letters of a 32-letter alphabet (60 bits), shown as xxxx-xxxx-xxxx. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';
export function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR.recoveryCodes }, () => {
    const letters = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8)}`;
  });
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
export const normalRecoveryCode = (typed: string): string => typed.toLowerCase().replace(/[^a-z0-9]/g, '');

/** High-entropy codes need no slow hash: SHA-256 of the normal form. */
export const hashRecoveryCode = (typed: string): string =>
  createHash('sha256').update(normalRecoveryCode(typed)).digest('base64url');

/** Whether the typed code has the shape of an app's code (six digits) rather than a recovery code. */
export const isAppCode = (typed: string): boolean => /^\d{6}$/.test(typed.replace(/\s/g, ''));
