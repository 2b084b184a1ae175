import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes: 256 bits, written as 43 base64url characters. */
export const GATEWAY_KEY_BYTES = 32;

/** Longer than any key we issue: refused before hashing, so nobody makes us hash megabytes. */
const GATEWAY_KEY_MAX_LENGTH = 256;

export const generateGatewayKey = (): string => randomBytes(GATEWAY_KEY_BYTES).toString('base64url');

/**
 * The stored form of a key. SHA-256 without salt or stretching is enough here, unlike for passwords:
 * the key is 256 random bits, so nobody can guess it or search a dictionary from a stolen hash, and a
 * fast hash keeps the check cheap for a gateway that reconnects often. A salt would add nothing, since
 * no two keys are ever alike.
 */
export const hashGatewayKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** Whether `key` hashes to `storedHash`, compared in constant time. */
export function gatewayKeyMatches(storedHash: string, key: string): boolean {
  if (key.length === 0 || key.length > GATEWAY_KEY_MAX_LENGTH) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashGatewayKey(key), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
