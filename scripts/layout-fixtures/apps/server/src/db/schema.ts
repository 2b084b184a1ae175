import { billingTable } from '../modules/billing/billing.schema.ts';
// server-db-knows-only-schemas: db/ reaching for shared/
import { now } from '../shared/clock.ts';

export const schema = [billingTable, now];
