import { formatPostalCode } from '@portal/contract';
import type { HTMLAttributes, ReactNode } from 'react';
import type { DefaultValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { EmailAddress } from '../../../components/ui/email-address';
import type en from '../../../locales/en.json';
import type { UserRecordBodySchema, UserRecordKind, UserRecordOf } from '../api/user-records';

type FormValues<Kind extends UserRecordKind> = z.input<UserRecordBodySchema<Kind>>;

/** A field of a kind's texts: `users.{kind}.fields.{name}` is its label and its column's header. */
export type RecordFieldName<Kind extends UserRecordKind> = keyof (typeof en)['users'][Kind]['fields'] &
  string;

/** One input of a kind's add form. */
interface RecordInput<Kind extends UserRecordKind> {
  name: Path<FormValues<Kind>> & RecordFieldName<Kind>;
  required?: true;
  type?: 'email';
  /** The on-screen keyboard a phone shows. */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** How the typed text becomes the body's value. */
  setValueAs?: (value: unknown) => unknown;
}

/** One column of a kind's list. */
interface RecordColumn<Kind extends UserRecordKind> {
  name: RecordFieldName<Kind>;
  cell: (item: UserRecordOf<Kind>) => ReactNode;
}

/** What the delete texts of each kind name an item by. */
export interface DeleteValues {
  addresses: { street: string; city: string };
  contacts: { name: string };
}

/** How a kind of user record shows: its add form, its list, and what its delete texts name an item by. */
interface UserRecordView<Kind extends UserRecordKind> {
  /** The start of the form's ids: `{prefix}-{field}` and `{prefix}-form-title`. */
  idPrefix: string;
  /** The grid column each input takes. */
  inputClass: string;
  defaultValues: DefaultValues<FormValues<Kind>>;
  /** The form's inputs, in order. */
  inputs: readonly RecordInput<Kind>[];
  /** The list's columns, in order. */
  columns: readonly RecordColumn<Kind>[];
  /** The interpolation values of `users.{kind}.delete` and `users.{kind}.deleteText`. */
  named: (item: UserRecordOf<Kind>) => DeleteValues[Kind];
}

/** A postal code typed as text: empty is missing, anything else a number the schema bounds. */
const asPostalCode = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : Number(value);

const orPlaceholder = (text: string) => text || '_';

export const userRecordViews: { [Kind in UserRecordKind]: UserRecordView<Kind> } = {
  addresses: {
    idPrefix: 'address',
    inputClass: 'col-sm-6 col-lg-4',
    // No postal code until one is typed: an empty field is 'required', not 0.
    defaultValues: { name: '', surname: '', street: '', city: '', province: '', country: '' },
    inputs: [
      { name: 'name', required: true },
      { name: 'surname' },
      { name: 'street', required: true },
      { name: 'city', required: true },
      { name: 'province' },
      { name: 'cap', required: true, inputMode: 'numeric', setValueAs: asPostalCode },
      { name: 'country', required: true },
    ],
    columns: [
      { name: 'name', cell: (address) => address.name },
      { name: 'surname', cell: (address) => orPlaceholder(address.surname) },
      { name: 'street', cell: (address) => address.street },
      { name: 'cap', cell: (address) => formatPostalCode(address.cap) },
      { name: 'city', cell: (address) => address.city },
      { name: 'province', cell: (address) => address.province },
      { name: 'country', cell: (address) => address.country },
    ],
    named: (address) => ({ street: address.street, city: address.city }),
  },
  contacts: {
    idPrefix: 'contact',
    inputClass: 'col-sm-6',
    defaultValues: { name: '', surname: '', email: '', phone: '' },
    inputs: [
      { name: 'name', required: true },
      { name: 'surname' },
      { name: 'email', type: 'email' },
      { name: 'phone', inputMode: 'tel' },
    ],
    columns: [
      { name: 'name', cell: (contact) => contact.name },
      { name: 'surname', cell: (contact) => orPlaceholder(contact.surname) },
      { name: 'email', cell: (contact) => contact.email && <EmailAddress email={contact.email} /> },
      { name: 'phone', cell: (contact) => contact.phone },
    ],
    named: (contact) => ({ name: `${contact.name} ${orPlaceholder(contact.surname)}` }),
  },
};
