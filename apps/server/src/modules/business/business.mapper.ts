import type { Business, OperatorBusiness } from '@portal/contract';
import type { BusinessRow } from './business.repository.ts';

export const toOperatorResponse = (row: BusinessRow): OperatorBusiness => ({
  name: row.name,
  street: row.street,
  cap: row.cap,
  city: row.city,
  province: row.province,
  country: row.country,
  email: row.email,
  phone: row.phone,
  logo: row.logo,
});

export const toBusinessResponse = (row: BusinessRow): Business => ({
  id: row.id,
  active: row.active,
  ...toOperatorResponse(row),
});
