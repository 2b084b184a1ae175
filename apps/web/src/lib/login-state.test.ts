import { describe, expect, it } from 'vitest';
import { afterLoginPath, inAppPath, loginStateFor, readLoginState } from './login-state';

describe('inAppPath', () => {
  it('keeps a page of the app with its query and fragment', () => {
    expect(inAppPath('/it/settings/users/12?x=1#profile', 'it')).toBe('/it/settings/users/12?x=1#profile');
    expect(inAppPath('/it', 'it')).toBe('/it');
  });

  it('moves a page to the language of the login', () => {
    expect(inAppPath('/it/settings#users', 'en')).toBe('/en/settings#users');
  });

  it('refuses anything that could leave the app', () => {
    for (const target of [
      'https://evil.example/it/dashboard',
      '//evil.example/it/dashboard',
      '/\\evil.example/it/dashboard',
      '/\t/evil.example/it/dashboard',
      'javascript:alert(1)',
      'it/dashboard',
      '',
    ]) {
      expect(inAppPath(target, 'it'), target).toBeNull();
    }
  });

  it('refuses paths outside the language prefixes, after resolving dot segments', () => {
    expect(inAppPath('/dashboard', 'it')).toBeNull();
    expect(inAppPath('/api/v1/users', 'it')).toBeNull();
    expect(inAppPath('/it/../api/docs', 'it')).toBeNull();
  });

  it('refuses the login page itself', () => {
    expect(inAppPath('/it/login', 'it')).toBeNull();
    expect(inAppPath('/en/login?next=1', 'it')).toBeNull();
  });
});

describe('afterLoginPath', () => {
  const from = '/it/settings/users/12#profile';

  it('returns the same user to the page the session ended on', () => {
    expect(afterLoginPath({ from, fromUser: 7 }, 7, 'it')).toBe(from);
  });

  it('returns anyone to a page opened while logged out', () => {
    expect(afterLoginPath({ from }, 9, 'it')).toBe(from);
  });

  it('sends another user, or a login without a valid page, to the dashboard', () => {
    expect(afterLoginPath({ from, fromUser: 7 }, 8, 'it')).toBe('/it/dashboard');
    expect(afterLoginPath({}, 7, 'it')).toBe('/it/dashboard');
    expect(afterLoginPath({ from: '//evil.example', fromUser: 7 }, 7, 'en')).toBe('/en/dashboard');
  });
});

describe('loginStateFor', () => {
  const location = { pathname: '/it/settings/users/12', search: '?x=1', hash: '#profile' };

  it('remembers the page, the user and the reason of a session that ended', () => {
    expect(loginStateFor(location, { reason: 'ACCOUNT_DISABLED', userId: 7 })).toEqual({
      from: '/it/settings/users/12?x=1#profile',
      fromUser: 7,
      reason: 'ACCOUNT_DISABLED',
    });
  });

  it('remembers only the page when there was no session', () => {
    expect(loginStateFor(location, null)).toEqual({ from: '/it/settings/users/12?x=1#profile' });
  });

  it('returns nowhere after a deliberate logout', () => {
    expect(loginStateFor(location, { reason: 'LOGGED_OUT', userId: 7 })).toEqual({ reason: 'LOGGED_OUT' });
  });
});

describe('readLoginState', () => {
  it('reads what loginStateFor wrote', async () => {
    const state = { from: '/it/dashboard', fromUser: 7, reason: 'SESSION_EXPIRED' };
    expect(await readLoginState(state)).toEqual(state);
  });

  it('drops what is not login state', async () => {
    expect(await readLoginState(null)).toEqual({});
    expect(await readLoginState('x')).toEqual({});
    expect(await readLoginState({ from: 5, fromUser: 'me', reason: 'HACKED' })).toEqual({});
  });

  it('keeps the valid fields of a partly valid state', async () => {
    expect(await readLoginState({ from: '/it/dashboard', reason: 'HACKED' })).toEqual({
      from: '/it/dashboard',
    });
  });
});
