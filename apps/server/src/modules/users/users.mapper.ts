import type { Role, User, UserPreferences } from '@portal/contract';
import type { ListedUserRow, UserRow } from './users.repository.ts';

/** Row -> response: the password hash and anything else internal never leaves through here. */
export const toUserResponse = (row: ListedUserRow): User => ({
  id: row.id,
  email: row.email,
  name: row.name,
  surname: row.surname,
  role: row.role as Role,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  lastPasswordChange: row.lastPasswordChange?.toISOString() ?? null,
  business: row.businessId,
});

/** The user's preferences: kept on the user's own row, answered under the user's id. */
export const toPreferencesResponse = (row: UserRow): UserPreferences => ({
  id: row.id,
  ticketNotifications: row.ticketNotifications,
  machineNotifications: row.machineNotifications,
});
