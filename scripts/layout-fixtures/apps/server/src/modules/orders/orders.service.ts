import { sessionEvents } from '../auth/session-events.ts';
// module-public-surface: another module's internal file
import { billingRows } from '../billing/billing.repository.ts';
// server-services-below-routes
import { routes } from './orders.routes.ts';

export const service = [sessionEvents, billingRows, routes];
