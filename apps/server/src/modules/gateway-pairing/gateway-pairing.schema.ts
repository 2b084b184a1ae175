import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { windowCounterTable } from '../../shared/window-counter-table.ts';
import { computerControllers } from '../machine-groups/machine-groups.schema.ts';

/**
 * Pairing codes a gateway without a key asked for (docs/design.md §5d). The gateway's key is only ever here as its
 * SHA-256; a claimed code names its controller and the addresses the administrator entered, until the gateway has
 * had time to learn them. Expired rows are deleted by housekeeping.
 */
export const gatewayPairings = pgTable(
  'gateway_pairings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The code in its stored form (normalizePairingCode): 8 characters of PAIRING_CODE_ALPHABET. */
    code: varchar({ length: 16 }).notNull(),
    /** Hex SHA-256 of the key the gateway made for itself. */
    keyHash: varchar({ length: 64 }).notNull(),
    /** The address the gateway asked from, for the installer's eyes in the log. */
    address: varchar({ length: 100 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    claimedAt: timestamp({ withTimezone: true }),
    controllerId: integer().references(() => computerControllers.id, { onDelete: 'cascade' }),
    board: varchar({ length: 300 }),
    webcam: varchar({ length: 300 }),
  },
  (table) => [
    uniqueIndex('gateway_pairings_code_unique').on(table.code),
    index('gateway_pairings_expires_idx').on(table.expiresAt),
  ],
);

/** Pairing requests and claims counted per key ("issue:<address>", "claim-user:<id>", …) in a fixed window. */
export const gatewayPairingLimits = windowCounterTable('gateway_pairing_limits');
