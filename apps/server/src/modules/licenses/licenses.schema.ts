import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from '../business/business.schema.ts';

/**
 * A licence of a business: valid from its activation for `expiryMs` (a duration). It counts as expired
 * without an activation or once activation + expiry has passed. Activation binds it to a controller
 * (`computer_controllers.license_id`).
 */
export const licenses = pgTable(
  'licenses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    expiryMs: bigint({ mode: 'number' }).notNull(),
    activation: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('licenses_business_idx').on(table.businessId),
    check('licenses_expiry_positive', sql`${table.expiryMs} > 0`),
  ],
);
