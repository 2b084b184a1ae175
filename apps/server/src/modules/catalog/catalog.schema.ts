import { LIMITS } from '@portal/contract';
import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';

const catalogColumns = () => ({
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: LIMITS.nameMax }).notNull(),
  description: varchar({ length: LIMITS.descriptionMax }).notNull().default(''),
});

/** The catalogues of docs/product.md §3 "Type entries": machine, board and gateway computer types. */
export const machineTypes = pgTable('machine_types', catalogColumns());
export const boardTypes = pgTable('board_types', catalogColumns());
export const computerTypes = pgTable('computer_types', catalogColumns());
