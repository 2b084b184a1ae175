import { Role } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { TestApp } from '../test-app.ts';

/** The callers of the matrix: nobody, and each role of business A (the "own" business). */
export const CALLERS = {
  anonymous: null,
  administrator: 'admin@demo.test',
  manager: 'manager@demo.test',
  technician: 'tech@demo.test',
  customer: 'customer@demo.test',
} as const;
export type Caller = keyof typeof CALLERS;
export type RoleCaller = Exclude<Caller, 'anonymous'>;

/** Whose object a request is about: the caller's own business (A), or another one (B). */
export type Side = 'own' | 'other';

/** What a matrix row can build its requests from: the demo fleet's ids, and fresh throwaway objects. */
export interface Fixtures {
  t: TestApp;
  /** Business A (the callers') and B (the other one). */
  business: Record<Side, number>;
  /** A user of each business that a test may use up (fresh on every call). */
  newUser(side: Side, role?: Role): Promise<number>;
  /** The demo customer of each business (customer@ in A, customer2@ in B). */
  customer: Record<Side, number>;
}

let serial = 0;

export async function loadFixtures(t: TestApp): Promise<Fixtures> {
  const businessOf = async (email: string) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no demo user ${email}`);
    return row.businessId;
  };
  const business = {
    own: await businessOf('customer@demo.test'),
    other: await businessOf('customer2@demo.test'),
  };
  return {
    t,
    business,
    customer: { own: await t.idOf('customer@demo.test'), other: await t.idOf('customer2@demo.test') },
    async newUser(side, role = Role.Customer) {
      serial += 1;
      const [row] = await t.database.db
        .insert(users)
        .values({
          email: `matrix-${serial}@demo.test`,
          name: 'Matrix',
          surname: `${serial}`,
          role,
          businessId: business[side],
          passwordHash: 'not-a-hash',
        })
        .returning({ id: users.id });
      if (!row) throw new Error('fixture user not created');
      return row.id;
    },
  };
}
