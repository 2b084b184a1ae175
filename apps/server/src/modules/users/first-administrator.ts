import { Role } from '@portal/contract';
import type { PasswordHasher } from '../../shared/password-hasher.ts';
import type { BusinessRepository } from '../business/business.repository.ts';
import type { UsersRepository } from './users.repository.ts';

/** What first-start seeding writes through: the modules' own repositories and hasher. */
export interface SeedDeps {
  users: { repository: UsersRepository };
  business: { repository: BusinessRepository };
  auth: { hasher: PasswordHasher };
}

export interface FirstAdministrator {
  email: string;
  password: string;
  /** Name of the operator business, when the database has none yet. */
  operatorName: string;
}

/**
 * Without the demo, an empty database gets the operator business and its first administrator from the
 * environment; without them the server must not start with nobody able to log in. The operator business
 * gets its name only: the footer shows the built-in record until an administrator fills in its details.
 */
export async function ensureFirstAdministrator(
  { users, business, auth }: SeedDeps,
  firstAdmin: FirstAdministrator | undefined,
): Promise<boolean> {
  if ((await users.repository.count()) > 0) return false;
  if (!firstAdmin) {
    throw new Error(
      'The database has no users: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first administrator',
    );
  }
  const operator =
    (await business.repository.findOperator()) ??
    (await business.repository.insert({ name: firstAdmin.operatorName, operator: true }));
  await users.repository.insert({
    email: firstAdmin.email,
    name: 'Administrator',
    surname: '',
    role: Role.Administrator,
    businessId: operator.id,
    passwordHash: await auth.hasher.hash(firstAdmin.password),
    lastPasswordChange: new Date(),
  });
  return true;
}
