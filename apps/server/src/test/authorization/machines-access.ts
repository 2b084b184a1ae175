import { bearer } from '../test-app.ts';
import type { RouteAccess } from './access-table.ts';
import { controllerOf, groupViewers } from './hardware-access.ts';

/** A request to the demo machine of each side through the proxy (the matrix connects fake gateways for them). */
const boardRequest: RouteAccess = {
  roles: groupViewers,
  request: async (f, side) => ({
    url: `/proxy/duet/3.6/customer/${(await controllerOf(f, side)).id}/rr_model?key=state`,
  }),
};

/** The machine proxy, the control-panel ticket and the webcam's address: whoever sees the machine group (DESIGN.md §5). */
export const MACHINES_ACCESS: Record<string, RouteAccess> = {
  'GET /proxy/duet/:firmware/:path/:id/*': boardRequest,
  'POST /proxy/duet/:firmware/:path/:id/*': boardRequest,
  'PUT /proxy/duet/:firmware/:path/:id/*': boardRequest,
  'DELETE /proxy/duet/:firmware/:path/:id/*': boardRequest,
  'POST /api/v1/machines/:id/download': {
    roles: groupViewers,
    request: async (f, side) => ({
      url: `/api/v1/machines/${(await controllerOf(f, side)).id}/download`,
      payload: { path: 'customer', name: '0:/gcodes/a.gcode' },
    }),
  },
  // A plain link the browser follows: the ticket in it is the credential, so the route itself is public.
  'GET /api/v1/machines/:id/download': {
    public: true,
    request: async (f, side) => {
      const id = (await controllerOf(f, side)).id;
      const ticket = await f.t.app.inject({
        method: 'POST',
        url: `/api/v1/machines/${id}/download`,
        headers: bearer(await f.t.tokenFor('admin@demo.test')),
        payload: { path: 'admin', name: '0:/gcodes/a.gcode' },
      });
      return { url: ticket.json<{ url: string }>().url };
    },
  },
  'POST /api/v1/machines/:id/panel': {
    roles: groupViewers,
    request: async (f, side) => ({
      url: `/api/v1/machines/${(await controllerOf(f, side)).id}/panel`,
      payload: { path: 'customer', firmware: '3.6' },
    }),
  },
  'GET /api/v1/machines/:id/webcam': {
    roles: groupViewers,
    request: async (f, side) => ({ url: `/api/v1/machines/${(await controllerOf(f, side)).id}/webcam` }),
  },
};
