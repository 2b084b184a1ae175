import type { RouteAccess } from './access-table.ts';
import { controllerOf, groupViewers } from './hardware-access.ts';

/** A request to the demo machine of each side through the proxy (the matrix connects fake gateways for them). */
const boardRequest: RouteAccess = {
  roles: groupViewers,
  request: async (f, side) => ({
    url: `/proxy/duet/3.6/customer/${(await controllerOf(f, side)).id}/rr_model?key=state`,
  }),
};

/** The machine proxy and the control-panel ticket: whoever sees the machine group (DESIGN.md §5). */
export const MACHINES_ACCESS: Record<string, RouteAccess> = {
  'GET /proxy/duet/:firmware/:path/:id/*': boardRequest,
  'POST /proxy/duet/:firmware/:path/:id/*': boardRequest,
  'PUT /proxy/duet/:firmware/:path/:id/*': boardRequest,
  'DELETE /proxy/duet/:firmware/:path/:id/*': boardRequest,
  'POST /api/v1/machines/:id/panel': {
    roles: groupViewers,
    request: async (f, side) => ({
      url: `/api/v1/machines/${(await controllerOf(f, side)).id}/panel`,
      payload: { path: 'customer', firmware: '3.6' },
    }),
  },
};
