import type { User, UserUpdateBody } from '@portal/contract';

/** What the profile form holds once validated. */
export interface ProfileValues {
  email: string;
  name: string;
  surname: string;
  password: string;
  passwordRepeat: string;
  currentPassword: string;
  role?: User['role'] | undefined;
  enabled?: boolean | undefined;
}

/**
 * The body of a profile update: the password only when one was typed, and role and enabled only when the
 * editor manages the user and changed them (an unchanged role may be one the editor could not assign).
 */
export function profileUpdateBody(
  values: ProfileValues,
  user: User,
  managesUser: boolean,
  withCurrentPassword = false,
): UserUpdateBody {
  const { email, name, surname, password, role, enabled, currentPassword } = values;
  return {
    email,
    name,
    surname,
    ...(password !== '' && { password }),
    ...(withCurrentPassword && { currentPassword }),
    ...(managesUser && role !== undefined && role !== user.role && { role }),
    ...(managesUser && enabled !== undefined && enabled !== user.enabled && { enabled }),
  };
}

/** docs/product.md §5: a typed repeat that differs is reported, though the update is still sent. */
export const repeatDiffers = (values: Pick<ProfileValues, 'password' | 'passwordRepeat'>): boolean =>
  values.passwordRepeat !== '' && values.passwordRepeat !== values.password;

/** One's own new password or email needs the current password (the server refuses them without it). */
export const needsCurrentPassword = (
  values: Pick<ProfileValues, 'password' | 'email'>,
  user: User,
): boolean => values.password !== '' || values.email.trim().toLowerCase() !== user.email;
