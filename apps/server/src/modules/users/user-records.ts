import {
  addressCreateBodySchema,
  addressParamsSchema,
  addressSchema,
  contactCreateBodySchema,
  contactParamsSchema,
  contactSchema,
} from '@portal/contract';
import type { z } from 'zod';
import { addresses, contacts } from './users.schema.ts';

/** The tables of the lists a user owns: each row has its own id and the owner's `userId`. */
export type UserRecordTable = typeof addresses | typeof contacts;

/**
 * One kind of list a user owns (addresses, contacts), served as `/api/v1/users/:id/{path}` and
 * `/api/v1/users/:id/{path}/:{itemParam}`: its table, its API shapes and the words of its summaries.
 */
export interface UserRecordKind<Table extends UserRecordTable, ItemParam extends string> {
  table: Table;
  /** The path segment, also the plural of summaries ('addresses'). */
  path: string;
  /** The singular of summaries, with its article ('an address'). */
  one: string;
  /** What a 404 says is missing ('Address'). */
  missing: string;
  /** The item's answer; a row without its owner. */
  itemSchema: z.ZodType<Omit<Table['$inferSelect'], 'userId'>>;
  bodySchema: z.ZodType<Omit<Table['$inferInsert'], 'id' | 'userId'>, unknown>;
  itemParam: ItemParam;
  paramsSchema: z.ZodType<{ id: number } & Record<ItemParam, number>, unknown>;
}

/** A user's postal addresses. */
export const addressRecords = {
  table: addresses,
  path: 'addresses',
  one: 'an address',
  missing: 'Address',
  itemSchema: addressSchema,
  bodySchema: addressCreateBodySchema,
  itemParam: 'addressId',
  paramsSchema: addressParamsSchema,
} satisfies UserRecordKind<typeof addresses, 'addressId'>;

/** People to reach about a user's machines. */
export const contactRecords = {
  table: contacts,
  path: 'contacts',
  one: 'a contact',
  missing: 'Contact',
  itemSchema: contactSchema,
  bodySchema: contactCreateBodySchema,
  itemParam: 'contactId',
  paramsSchema: contactParamsSchema,
} satisfies UserRecordKind<typeof contacts, 'contactId'>;
