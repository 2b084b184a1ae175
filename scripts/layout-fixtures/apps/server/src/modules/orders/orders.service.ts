import { sessionEvents } from '../auth/session-events.ts';
import { billing } from '../billing/billing.module.ts';
// module-public-surface: another module's internal file
import { billingRows } from '../billing/billing.repository.ts';

export const service = [sessionEvents, billing, billingRows];
