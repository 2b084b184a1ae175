import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GATEWAY_KEY_BYTES, gatewayKeyMatches, generateGatewayKey, hashGatewayKey } from './gateway-key.ts';

describe('gateway keys', () => {
  it('are 32 random bytes in base64url, never twice the same', () => {
    const keys = Array.from({ length: 50 }, generateGatewayKey);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(key, 'base64url')).toHaveLength(GATEWAY_KEY_BYTES);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are stored as their SHA-256, which reveals nothing of the key', () => {
    const key = generateGatewayKey();
    const hash = hashGatewayKey(key);
    expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hash).not.toContain(key);
  });

  it('match only their own hash', () => {
    const key = generateGatewayKey();
    const hash = hashGatewayKey(key);
    expect(gatewayKeyMatches(hash, key)).toBe(true);
    expect(gatewayKeyMatches(hash, generateGatewayKey())).toBe(false);
    expect(gatewayKeyMatches(hash, `${key}x`)).toBe(false);
    expect(gatewayKeyMatches(hash, '')).toBe(false);
    expect(gatewayKeyMatches(hash, 'k'.repeat(10_000))).toBe(false);
  });
});
