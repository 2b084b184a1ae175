import type { Contact } from '@portal/contract';
import type { ContactRow } from './contacts.repository.ts';

export const toContactResponse = (row: ContactRow): Contact => ({
  id: row.id,
  name: row.name,
  surname: row.surname,
  email: row.email,
  phone: row.phone,
});
