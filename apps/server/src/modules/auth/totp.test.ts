import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  hashRecoveryCode,
  isAppCode,
  newRecoveryCodes,
  newSecret,
  openSecret,
  sealSecret,
  secretKeyFrom,
  stepOfCode,
  totpUri,
} from './totp.ts';

const key = secretKeyFrom('a portal secret of enough length');
const now = new Date('2026-03-01T10:00:15Z');
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });

describe('TOTP secrets at rest', () => {
  it('open only with the same portal secret and for the same user', () => {
    const secret = newSecret();
    const sealed = sealSecret(key, 7, secret);
    expect(sealed).not.toContain(secret);
    expect(openSecret(key, 7, sealed)).toBe(secret);
    expect(() => openSecret(key, 8, sealed)).toThrow();
    expect(() => openSecret(secretKeyFrom('another portal secret'), 7, sealed)).toThrow();
  });

  it('are sealed afresh each time (a new nonce)', () => {
    const secret = newSecret();
    expect(sealSecret(key, 7, secret)).not.toBe(sealSecret(key, 7, secret));
  });
});

describe('codes', () => {
  it('are valid for their time step and one either side, and name that step', () => {
    const secret = newSecret();
    const step = Math.floor(now.getTime() / 30_000);
    expect(stepOfCode(secret, codeAt(secret, now), now)).toBe(step);
    expect(stepOfCode(secret, codeAt(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(stepOfCode(secret, codeAt(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(stepOfCode(secret, codeAt(secret, new Date(now.getTime() + 90_000)), now)).toBeNull();
  });

  it('go into an otpauth URI that authenticator apps read', () => {
    const secret = newSecret();
    const uri = new URL(totpUri(secret, 'someone@example.test'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });

  it('are told from recovery codes by their shape', () => {
    expect(isAppCode('123456')).toBe(true);
    expect(isAppCode(' 123 456 ')).toBe(true);
    expect(isAppCode('abcd-efgh-jkmn')).toBe(false);
  });
});

describe('recovery codes', () => {
  it('are ten, distinct, of 12 letters, and hashed alike however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    const [code = ''] = codes;
    expect(hashRecoveryCode(` ${code.toUpperCase().replaceAll('-', ' ')} `)).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(code)).not.toContain(code.replaceAll('-', ''));
  });
});
