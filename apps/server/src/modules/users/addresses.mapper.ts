import type { Address } from '@portal/contract';
import type { AddressRow } from './addresses.repository.ts';

export const toAddressResponse = (row: AddressRow): Address => ({
  id: row.id,
  name: row.name,
  surname: row.surname,
  country: row.country,
  province: row.province,
  city: row.city,
  street: row.street,
  cap: row.cap,
});
