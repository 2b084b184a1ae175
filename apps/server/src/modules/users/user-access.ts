import { notFound } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { canSeeUser } from './users.policy.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

/**
 * The user `id` as the viewer may see it; a user they may not see answers 404, exactly like one that
 * does not exist. Every sub-resource of a user (addresses, contacts, preferences, machines) starts here.
 */
export async function findVisibleUser(
  users: UsersRepository,
  viewer: SessionSubject,
  id: number,
): Promise<UserRow> {
  const row = await users.findById(id);
  if (!row || !canSeeUser(viewer, row)) throw notFound('User');
  return row;
}
