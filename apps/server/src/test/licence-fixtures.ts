import { LICENSE_YEAR_MS } from '@portal/contract';
import { beforeAll } from 'vitest';
import { computerControllers, computerTypes, licenses } from '../db/schema.ts';
import type { ApiTest } from './api-test.ts';

/**
 * What the licence API tests build on: the demo's businesses A (customer@) and B (customer2@), a computer type of
 * their own, and licences and controllers inserted straight into the database. Read once the file's tests run.
 */
export function useLicenceFixtures(t: ApiTest) {
  let computerType = 0;
  const businesses = { A: 0, B: 0 };
  beforeAll(async () => {
    businesses.A = await t.businessOf('customer@demo.test');
    businesses.B = await t.businessOf('customer2@demo.test');
    const [type] = await t.database.db.insert(computerTypes).values({ name: 'Gateway di prova' }).returning();
    computerType = type?.id ?? 0;
  });
  return {
    get businessA() {
      return businesses.A;
    },
    get businessB() {
      return businesses.B;
    },
    /** A licence of a business, a year long and not yet activated unless told otherwise. */
    async insertLicense(
      businessId: number,
      { expiryMs = LICENSE_YEAR_MS, activation = null }: { expiryMs?: number; activation?: Date | null } = {},
    ) {
      const [row] = await t.database.db
        .insert(licenses)
        .values({ businessId, expiryMs, activation })
        .returning();
      if (!row) throw new Error('no licence');
      return row.id;
    },
    /** A controller of a business, of the fixtures' computer type, bound to a licence or to none. */
    async insertController(businessId: number, name: string, licenseId: number | null = null) {
      const [row] = await t.database.db
        .insert(computerControllers)
        .values({ name, typeId: computerType, businessId, licenseId })
        .returning();
      if (!row) throw new Error('no controller');
      return row.id;
    },
  };
}
