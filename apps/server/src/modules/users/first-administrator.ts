import { DEFAULT_OPERATOR_BUSINESS, Role } from '@portal/contract';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import type { BusinessRepository } from '../business/business.repository.ts';
import type { UsersRepository } from './users.repository.ts';

/** What first-start seeding writes through. */
export interface SeedDeps {
  users: UsersRepository;
  businesses: BusinessRepository;
  hasher: PasswordHasher;
}

/**
 * Without the demo, an empty database gets the operator business and its first administrator from
 * ADMIN_EMAIL and ADMIN_PASSWORD; without them the server must not start with nobody able to log in.
 */
export async function ensureFirstAdministrator(
  { users, businesses, hasher }: SeedDeps,
  firstAdmin: { email: string; password: string } | undefined,
): Promise<boolean> {
  if ((await users.count()) > 0) return false;
  if (!firstAdmin) {
    throw new Error(
      'The database has no users: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first administrator',
    );
  }
  const operator =
    (await businesses.findOperator()) ??
    (await businesses.insert({ ...DEFAULT_OPERATOR_BUSINESS, operator: true }));
  await users.insert({
    email: firstAdmin.email,
    name: 'Administrator',
    surname: '',
    role: Role.Administrator,
    businessId: operator.id,
    passwordHash: await hasher.hash(firstAdmin.password),
    lastPasswordChange: new Date(),
  });
  return true;
}
