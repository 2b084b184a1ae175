import type { UserPreferences, UserPreferencesBody } from '@portal/contract';
import { notFound } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { findVisibleUser } from './user-access.ts';
import { toPreferencesResponse } from './users.mapper.ts';
import type { UsersRepository } from './users.repository.ts';

/** A user's notification preferences: the user themselves and whoever manages the user's business. */
export class PreferencesService {
  readonly #users: UsersRepository;

  constructor(users: UsersRepository) {
    this.#users = users;
  }

  async getPreferences(viewer: SessionSubject, userId: number): Promise<UserPreferences> {
    return toPreferencesResponse(await findVisibleUser(this.#users, viewer, userId));
  }

  async updatePreferences(
    viewer: SessionSubject,
    userId: number,
    body: UserPreferencesBody,
  ): Promise<UserPreferences> {
    await findVisibleUser(this.#users, viewer, userId);
    const row = await this.#users.update(userId, {
      ticketNotifications: body.ticketNotifications,
      machineNotifications: body.machineNotifications,
    });
    if (row === undefined || typeof row === 'string') throw notFound('User');
    return toPreferencesResponse(row);
  }
}
