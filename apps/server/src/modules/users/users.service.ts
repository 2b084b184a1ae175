import type { User } from '@portal/contract';
import { notFound } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { toUserResponse } from './users.mapper.ts';
import { canSeeUser } from './users.policy.ts';
import type { UsersRepository } from './users.repository.ts';

export class UsersService {
  readonly #users: UsersRepository;

  constructor(users: UsersRepository) {
    this.#users = users;
  }

  /** A user the viewer may see; anyone else answers 404, exactly like a user that does not exist. */
  async getUser(viewer: SessionSubject, id: number): Promise<User> {
    const row = await this.#users.findById(id);
    if (!row || !canSeeUser(viewer, row)) throw notFound('User');
    return toUserResponse(row);
  }
}
