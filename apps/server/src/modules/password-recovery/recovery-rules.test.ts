import { Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { recoveryLink, recoveryMail } from './recovery-mail.ts';
import { mayRecover, RECOVERY_LIMITS, recoveryKeys, recoveryRetryAfterMs } from './recovery-rules.ts';
import { hashRecoveryToken, newRecoveryToken } from './recovery-token.ts';

const now = new Date('2026-11-21T09:00:00Z');
const count = (requests: number, minutesAgo = 10) => ({
  requests,
  windowStartedAt: new Date(now.getTime() - minutesAgo * 60_000),
});

describe('recovery tokens', () => {
  it('are 32 random bytes in base64url, never twice the same', () => {
    const tokens = new Set(Array.from({ length: 50 }, newRecoveryToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as their SHA-256, which does not give the token back', () => {
    const token = newRecoveryToken();
    expect(hashRecoveryToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryToken(token)).toBe(hashRecoveryToken(token));
    expect(hashRecoveryToken(token)).not.toContain(token);
    expect(hashRecoveryToken(`${token}x`)).not.toBe(hashRecoveryToken(token));
  });
});

describe('recovery limits', () => {
  it('count the submitted address case-insensitively, hashed, and the client apart', () => {
    const keys = recoveryKeys('Someone@Example.com', '10.0.0.1');
    expect(keys).toEqual(recoveryKeys('someone@example.com', '10.0.0.1'));
    expect(keys.email).not.toContain('someone');
    expect(keys.client).toBe('client:10.0.0.1');
  });

  it(`let ${RECOVERY_LIMITS.perEmail} mails per address and ${RECOVERY_LIMITS.perClient} requests per client through in an hour`, () => {
    expect(recoveryRetryAfterMs({ email: count(RECOVERY_LIMITS.perEmail), client: count(1) }, now)).toBe(0);
    expect(recoveryRetryAfterMs({ email: count(1), client: count(RECOVERY_LIMITS.perClient) }, now)).toBe(0);
  });

  it('make the next one wait for the end of the window of whichever limit is passed', () => {
    const overEmail = { email: count(RECOVERY_LIMITS.perEmail + 1, 10), client: count(1) };
    expect(recoveryRetryAfterMs(overEmail, now)).toBe(50 * 60_000);
    const overBoth = {
      email: count(RECOVERY_LIMITS.perEmail + 1, 50),
      client: count(RECOVERY_LIMITS.perClient + 1, 20),
    };
    expect(recoveryRetryAfterMs(overBoth, now)).toBe(40 * 60_000);
  });
});

describe('who gets a recovery mail', () => {
  const user = { enabled: true, businessActive: true, role: Role.Customer };

  it('is whoever may log in', () => {
    expect(mayRecover(user)).toBe(true);
    expect(mayRecover({ ...user, enabled: false })).toBe(false);
    expect(mayRecover({ ...user, businessActive: false })).toBe(false);
    expect(mayRecover({ ...user, businessActive: false, role: Role.Manager })).toBe(false);
    expect(mayRecover({ ...user, businessActive: false, role: Role.Administrator })).toBe(true);
    expect(mayRecover({ ...user, enabled: false, role: Role.Administrator })).toBe(false);
  });
});

describe('the recovery mail', () => {
  it('links to the change page of its language with token and address, on the public address', () => {
    const link = recoveryLink('https://portal.example.com', 'en', 'abc_-123', 'a+b@example.com');
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://portal.example.com/en/password/recover/change');
    expect(url.searchParams.get('token')).toBe('abc_-123');
    expect(url.searchParams.get('email')).toBe('a+b@example.com');
  });

  it('is written in the language asked for, naming the person and holding the link', () => {
    const it = recoveryMail('it', { to: 'x@example.com', name: 'Carlo $&', link: 'https://p/it/x' });
    expect(it).toMatchObject({ to: 'x@example.com', subject: 'Recupero della password' });
    expect(it.text).toContain('Ciao Carlo $&,');
    expect(it.text).toContain("entro un'ora");
    expect(it.text).toContain('\nhttps://p/it/x\n');
    const en = recoveryMail('en', { to: 'x@example.com', name: 'Carlo', link: 'https://p/en/x' });
    expect(en.subject).toBe('Password recovery');
    expect(en.text).toContain('within one hour');
    expect(en.text).toContain('\nhttps://p/en/x\n');
  });
});
