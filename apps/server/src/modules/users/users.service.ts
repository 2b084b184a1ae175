import {
  CREATE_USER_MESSAGES,
  type Page,
  Role,
  type User,
  type userCreateBodySchema,
  type userListQuerySchema,
  type userUpdateBodySchema,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError, conflict, invalidField, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { findVisibleUser } from './user-access.ts';
import { toUserResponse } from './users.mapper.ts';
import {
  actsFromOutside,
  canAssignRole,
  canCreateUserIn,
  canCreateUsers,
  canDeleteUsers,
  canListUsers,
  canManageUser,
  usersListScope,
} from './users.policy.ts';
import type { UserChanges, UserRow, UsersRepository } from './users.repository.ts';

export type UserListQueryValues = z.output<typeof userListQuerySchema>;
type CreateValues = z.output<typeof userCreateBodySchema>;
type UpdateValues = z.output<typeof userUpdateBodySchema>;

export interface UsersServiceDeps {
  users: UsersRepository;
  clock: Clock;
  /** The one hasher of the app, so one hashing limit covers logins and password changes alike. */
  hashPassword(password: string): Promise<string>;
  verifyPassword(hash: string, password: string): Promise<boolean>;
  /** Ends every open session of a user at once; resolves once the auth module has ended them. */
  endSessionsOf(userId: number): Promise<void>;
}

/** Wrong current passwords a user's sessions may give within the window before they are ended. */
const WRONG_PASSWORD_LIMIT = 5;
const WRONG_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

const invalidBusiness = () =>
  invalidField('business', 'invalidBusiness', CREATE_USER_MESSAGES.invalidBusiness.body);
const invalidRole = () => invalidField('role', 'invalidRole', CREATE_USER_MESSAGES.invalidRole.body);

export class UsersService {
  readonly #deps: UsersServiceDeps;
  /** Wrong current passwords per user, in this process (a bound on guessing, not a record). */
  readonly #wrongGuesses = new Map<number, { count: number; since: number }>();

  constructor(deps: UsersServiceDeps) {
    this.#deps = deps;
  }

  /** A user the viewer may see; anyone else answers 404, exactly like a user that does not exist. */
  async getUser(viewer: SessionSubject, id: number): Promise<User> {
    return toUserResponse(await findVisibleUser(this.#deps.users, viewer, id));
  }

  /**
   * The users list: administrators every business, managers their own only (a `business` filter naming
   * another business simply finds nobody); technicians and customers may not browse it.
   */
  async listUsers(viewer: SessionSubject, query: UserListQueryValues): Promise<Page<User>> {
    if (!canListUsers(viewer)) throw new AppError('FORBIDDEN');
    const page = await this.#deps.users.findPage({ scope: usersListScope(viewer), query });
    return { ...page, items: page.items.map(toUserResponse) };
  }

  /**
   * Creates a user by the rules of docs/product.md §5: a business the creator may use (managers
   * their own) that exists, a role strictly below the creator's, an email nobody has.
   */
  async createUser(creator: SessionSubject, body: CreateValues): Promise<User> {
    const { users, hashPassword } = this.#deps;
    if (!canCreateUsers(creator)) throw new AppError('FORBIDDEN');
    if (!canCreateUserIn(creator, body.business) || !(await users.businessExists(body.business))) {
      throw invalidBusiness();
    }
    if (!canAssignRole(creator, body.role)) throw invalidRole();
    // Checked before hashing, which is the costly part; the unique index settles races.
    if (await users.emailTaken(body.email)) throw new AppError('EMAIL_TAKEN');
    const row = await users.insertUnique({
      businessId: body.business,
      email: body.email,
      name: body.name,
      surname: body.surname,
      role: body.role,
      enabled: body.enabled,
      passwordHash: await hashPassword(body.password),
      staffSetAt: actsFromOutside(creator, body.business) ? this.#deps.clock() : null,
    });
    if (row === 'emailTaken') throw new AppError('EMAIL_TAKEN');
    return toUserResponse(row);
  }

  /**
   * Everyone may change their own email, name, surname and password; administrators and managers may
   * change the users they manage (`canManageUser`), role and enabled state included. Nobody changes their
   * own role or disables themselves. A new role, disabling or a new password ends the user's sessions.
   * Fields sent unchanged are no change, so a form may send the whole record.
   */
  async updateUser(actor: SessionSubject, id: number, body: UpdateValues): Promise<User> {
    const { users, clock, hashPassword, endSessionsOf } = this.#deps;
    const target = await findVisibleUser(users, actor, id);
    const self = actor.id === target.id;
    if (!self && !canManageUser(actor, target)) throw new AppError('FORBIDDEN');
    const roleChanged = body.role !== undefined && body.role !== target.role;
    const enabledChanged = body.enabled !== undefined && body.enabled !== target.enabled;
    if (self && roleChanged) throw new AppError('FORBIDDEN', 'You cannot change your own role');
    if (self && enabledChanged) throw new AppError('FORBIDDEN', 'You cannot disable your own account');
    if (roleChanged && body.role !== undefined && !canAssignRole(actor, body.role)) throw invalidRole();
    const emailChanged = body.email !== undefined && body.email !== target.email;
    if (self && (emailChanged || body.password !== undefined)) {
      await this.#confirmOwnPassword(target, body.currentPassword);
    }
    if (emailChanged && body.email && (await users.emailTaken(body.email, target.id))) {
      throw new AppError('EMAIL_TAKEN');
    }

    const changes: UserChanges = {
      ...(emailChanged && { email: body.email }),
      ...(body.name !== undefined && { name: body.name }),
      ...(body.surname !== undefined && { surname: body.surname }),
      ...(roleChanged && { role: body.role }),
      ...(enabledChanged && { enabled: body.enabled }),
    };
    if (body.password !== undefined) {
      changes.passwordHash = await hashPassword(body.password);
      changes.lastPasswordChange = clock();
    }
    // Staff giving the account its credentials or a manager's role: its owner has to take it back (recovery).
    const promoted = roleChanged && body.role === Role.Manager;
    if (actsFromOutside(actor, target.businessId) && (promoted || emailChanged || changes.passwordHash)) {
      changes.staffSetAt = clock();
    }
    const updated = await this.#apply(target, changes);
    // A new address is how the account is recovered: every other session ends with it, as with a new password.
    if (roleChanged || changes.enabled === false || changes.passwordHash || (self && emailChanged)) {
      await endSessionsOf(target.id);
    }
    return toUserResponse(updated);
  }

  /**
   * One's own password or email changes only with the current password: a stolen session must not take the
   * account. A session that guesses it wrong too often is ended, so it cannot go on guessing.
   */
  async #confirmOwnPassword(target: UserRow, currentPassword: string | undefined): Promise<void> {
    if (!currentPassword) {
      throw invalidField(
        'currentPassword',
        'required',
        'Give your current password to change your password or email',
      );
    }
    if (await this.#deps.verifyPassword(target.passwordHash, currentPassword)) {
      this.#wrongGuesses.delete(target.id);
      return;
    }
    const now = this.#deps.clock().getTime();
    const earlier = this.#wrongGuesses.get(target.id);
    const guesses =
      earlier && now - earlier.since < WRONG_PASSWORD_WINDOW_MS ? earlier : { count: 0, since: now };
    guesses.count += 1;
    this.#wrongGuesses.set(target.id, guesses);
    if (guesses.count >= WRONG_PASSWORD_LIMIT) {
      this.#wrongGuesses.delete(target.id);
      await this.#deps.endSessionsOf(target.id);
      throw new AppError('SESSION_ENDED', 'Too many wrong current passwords: sign in again');
    }
    throw invalidField('currentPassword', 'wrongPassword', 'The current password is not correct');
  }

  /**
   * Deletes a user the actor manages, never themselves; their addresses, contacts, machine assignments
   * and sessions go with them.
   */
  async deleteUser(actor: SessionSubject, id: number): Promise<void> {
    const { users } = this.#deps;
    const target = await findVisibleUser(users, actor, id);
    if (!canDeleteUsers(actor)) throw new AppError('FORBIDDEN');
    if (actor.id === target.id) throw conflict('You cannot delete your own account');
    if (!canManageUser(actor, target)) throw new AppError('FORBIDDEN');
    const deleted = await users.delete(target.id);
    if (deleted === 'inUse') throw conflict('This user is still referenced and cannot be deleted');
    if (!deleted) throw notFound('User');
    // The rows are gone with the user; this also ends the sessions a moment's cache still trusts.
    await this.#deps.endSessionsOf(target.id);
  }

  async #apply(target: UserRow, changes: UserChanges): Promise<UserRow> {
    if (Object.keys(changes).length === 0) return target;
    const row = await this.#deps.users.update(target.id, changes);
    if (row === 'emailTaken') throw new AppError('EMAIL_TAKEN');
    if (row === undefined || row === 'inUse') throw notFound('User');
    return row;
  }
}
