import { administrators, everyone } from './common-reach.ts';
import type { RouteAccess } from './route-access.ts';

/**
 * The rows of the activity record (modules/activity): everyone reads it, each caller the entries their role may see
 * (the module's own tests hold what each one finds); only administrators check the chain.
 */
export const ACTIVITY_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/activity': {
    roles: everyone,
    request: async (f, side) => ({ url: `/api/v1/activity?business=${f.business[side]}` }),
  },
  'GET /api/v1/activity/export.csv': {
    roles: everyone,
    request: async (f, side) => ({ url: `/api/v1/activity/export.csv?business=${f.business[side]}` }),
  },
  'POST /api/v1/activity/verify': {
    roles: administrators,
    request: async () => ({ url: '/api/v1/activity/verify' }),
  },
};
