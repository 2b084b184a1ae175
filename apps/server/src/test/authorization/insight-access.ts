import type { RoleCaller } from './fixtures.ts';
import type { Reach, RouteAccess } from './route-access.ts';

/**
 * Fleet insight (the capability table's `fleetInsight`): administrators on every business, managers on their own
 * (another business's filter answers 404); technicians and customers never.
 */
const insightReaders: Record<RoleCaller, Reach> = {
  administrator: 'all',
  manager: 'own',
  technician: 'none',
  customer: 'none',
};

/** The rows of the fleet insight (modules/insight), each filtered by the side's business. */
export const INSIGHT_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/insight': {
    roles: insightReaders,
    request: async (f, side) => ({ url: `/api/v1/insight?business=${f.business[side]}` }),
  },
  'GET /api/v1/insight/export.csv': {
    roles: insightReaders,
    request: async (f, side) => ({ url: `/api/v1/insight/export.csv?business=${f.business[side]}` }),
  },
};
