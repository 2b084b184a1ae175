import { Role, type User } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { needsCurrentPassword, profileUpdateBody, repeatDiffers } from './profile-update';

const user: User = {
  id: 7,
  email: 'carlo@example.com',
  name: 'Carlo',
  surname: 'Cliente',
  role: Role.Customer,
  enabled: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  lastPasswordChange: null,
  business: 2,
};
const unchanged = {
  email: user.email,
  name: user.name,
  surname: user.surname,
  password: '',
  passwordRepeat: '',
  currentPassword: 'Old-pass1!',
  role: user.role,
  enabled: user.enabled,
};

describe('profileUpdateBody', () => {
  it('leaves the password out when none was typed', () => {
    expect(profileUpdateBody(unchanged, user, true)).toEqual({
      email: user.email,
      name: user.name,
      surname: user.surname,
    });
  });

  it('sends a typed password', () => {
    expect(profileUpdateBody({ ...unchanged, password: 'Secret1!' }, user, false)).toMatchObject({
      password: 'Secret1!',
    });
  });

  it('sends role and enabled only when the editor manages the user and changed them', () => {
    const changed = { ...unchanged, role: Role.Technician, enabled: false };
    expect(profileUpdateBody(changed, user, true)).toMatchObject({ role: Role.Technician, enabled: false });
    const body = profileUpdateBody(changed, user, false);
    expect(body).not.toHaveProperty('role');
    expect(body).not.toHaveProperty('enabled');
  });
});

describe('repeatDiffers', () => {
  it('reports a typed repeat that differs', () => {
    expect(repeatDiffers({ password: 'Secret1!', passwordRepeat: 'Secret2!' })).toBe(true);
    expect(repeatDiffers({ password: '', passwordRepeat: 'Secret2!' })).toBe(true);
  });

  it('says nothing when the repeat is empty or equal', () => {
    expect(repeatDiffers({ password: 'Secret1!', passwordRepeat: '' })).toBe(false);
    expect(repeatDiffers({ password: 'Secret1!', passwordRepeat: 'Secret1!' })).toBe(false);
  });
});

describe('the current password', () => {
  it('is needed for a new password or email, and sent only then', () => {
    expect(needsCurrentPassword(unchanged, user)).toBe(false);
    expect(needsCurrentPassword({ ...unchanged, email: ' Carlo@Example.com ' }, user)).toBe(false);
    expect(needsCurrentPassword({ ...unchanged, email: 'new@example.com' }, user)).toBe(true);
    expect(needsCurrentPassword({ ...unchanged, password: 'Secret1!' }, user)).toBe(true);
    expect(profileUpdateBody(unchanged, user, false)).not.toHaveProperty('currentPassword');
    expect(profileUpdateBody(unchanged, user, false, true)).toMatchObject({ currentPassword: 'Old-pass1!' });
  });
});
