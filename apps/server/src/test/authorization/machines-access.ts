import { bearer } from '../test-app.ts';
import { controllerOf, groupViewers } from './hardware-access.ts';
import type { RouteAccess } from './route-access.ts';

/**
 * A request to the demo machine of each side through the proxy (the matrix connects fake gateways for them), one
 * the customer path allows for each method (docs/board-access.md), so only access decides.
 */
const boardRequest = (rest: string, payload?: string): RouteAccess => ({
  roles: groupViewers,
  request: async (f, side) => ({
    url: `/proxy/duet/3.6/customer/${(await controllerOf(f, side)).id}/${rest}`,
    ...(payload !== undefined && { payload, headers: { 'content-type': 'text/plain' } }),
  }),
});

/**
 * The machine proxy, the control-panel ticket and the webcam's address: whoever sees the machine group
 * (docs/design.md §5).
 */
export const MACHINES_ACCESS: Record<string, RouteAccess> = {
  'GET /proxy/duet/:firmware/:path/:id/*': boardRequest('rr_model?key=state'),
  'POST /proxy/duet/:firmware/:path/:id/*': boardRequest('rr_upload?name=0:/gcodes/a.gcode', 'G28\n'),
  'PUT /proxy/duet/:firmware/:path/:id/*': boardRequest('machine/file/0%3A%2Fgcodes%2Fa.gcode', 'G28\n'),
  'DELETE /proxy/duet/:firmware/:path/:id/*': boardRequest('machine/file/0%3A%2Fgcodes%2Fa.gcode'),
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
