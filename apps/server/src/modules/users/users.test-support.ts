import { type Role, Role as Roles } from '@portal/contract';
import {
  boardTypes,
  computerControllers,
  computerTypes,
  machineGroups,
  machineTypes,
  users,
} from '../../db/schema.ts';
import { callAsUser } from '../../test/api-test.ts';
import type { TestApp } from '../../test/test-app.ts';

/** The demo businesses by the email of one of their users. */
export const BUSINESS_OF = { a: 'manager@demo.test', b: 'manager2@demo.test', operator: 'admin@demo.test' };
export type BusinessKey = keyof typeof BUSINESS_OF;

/** The password of every fixture user (hashed once per test app). */
export const FIXTURE_PASSWORD = 'Fixture-123!';

/** API calls of the users tests: as a demo user (a fresh session each time), or anonymously with null. */
export function usersApi(t: TestApp) {
  let sequence = 0;
  let fixtureHash: Promise<string> | undefined;
  const fixturePasswordHash = () => {
    fixtureHash ??= t.modules.auth.hasher.hash(FIXTURE_PASSWORD);
    return fixtureHash;
  };
  const call = callAsUser(t);

  const businessId = async (key: BusinessKey) => {
    const user = await t.modules.users.repository.findWithBusinessStateByEmail(BUSINESS_OF[key]);
    if (!user) throw new Error(`no demo user for business ${key}`);
    return user.businessId;
  };

  return {
    call,
    businessId,
    /** A user of its own for a test that changes it, straight into the database, with FIXTURE_PASSWORD. */
    async insertUser(business: BusinessKey, role: Role = Roles.Customer) {
      sequence++;
      const email = `fixture-${sequence}-${Date.now()}@users.test`;
      const [row] = await t.database.db
        .insert(users)
        .values({
          email,
          name: 'Fixture',
          surname: `User ${sequence}`,
          role,
          businessId: await businessId(business),
          passwordHash: await fixturePasswordHash(),
        })
        .returning();
      if (!row) throw new Error('no fixture user');
      return { id: row.id, email };
    },
    /** A machine group of a demo business (or a business id), with its own catalogue rows and controller. */
    async insertMachineGroup(business: BusinessKey | number, name = `Group ${++sequence}`) {
      const { db } = t.database;
      const owner = typeof business === 'number' ? business : await businessId(business);
      const [machine] = await db.insert(machineTypes).values({ name: 'Fixture printer' }).returning();
      const [board] = await db.insert(boardTypes).values({ name: 'Fixture board' }).returning();
      const [computer] = await db.insert(computerTypes).values({ name: 'Fixture computer' }).returning();
      if (!machine || !board || !computer) throw new Error('no fixture catalogue rows');
      const [controller] = await db
        .insert(computerControllers)
        .values({ name: `${name} gateway`, typeId: computer.id, businessId: owner })
        .returning();
      if (!controller) throw new Error('no fixture controller');
      const [group] = await db
        .insert(machineGroups)
        .values({
          name,
          location: 'Reparto 2',
          description: 'Fixture',
          machineTypeId: machine.id,
          boardTypeId: board.id,
          businessId: owner,
          computerControllerId: controller.id,
          firmware: 3.5,
        })
        .returning();
      if (!group) throw new Error('no fixture machine group');
      return group;
    },
  };
}
