import { everyone } from './common-reach.ts';
import { controllerOf, groupViewers } from './hardware-access.ts';
import type { RouteAccess } from './route-access.ts';

/** Everyone with a session may ask; what they get is limited to the machine groups they see. */

/** Who may call the live status routes (docs/design.md §6). */
export const LIVE_STATUS_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/machines/status': {
    roles: everyone,
    request: async () => ({ url: '/api/v1/machines/status' }),
  },
  'GET /api/v1/machines/:id/job/thumbnail': {
    roles: groupViewers,
    request: async (f, side) => ({
      url: `/api/v1/machines/${(await controllerOf(f, side)).id}/job/thumbnail`,
    }),
  },
  'GET /api/v1/machines/status/stream': {
    roles: everyone,
    stream: true,
    request: async () => ({ url: '/api/v1/machines/status/stream' }),
  },
};
