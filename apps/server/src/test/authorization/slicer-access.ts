import { randomUUID } from 'node:crypto';
import type { ApiTokenRequest, Role } from '@portal/contract';
import { octoPrintForm } from '../octoprint-form.ts';
import type { Fixtures, Side } from './fixtures.ts';
import { controllerOf, groupViewers } from './hardware-access.ts';
import type { RouteAccess } from './route-access.ts';

/**
 * The slicer URLs are public: the token in the path is the credential (the slicer-access API tests hold every
 * token misuse to its refusal). Here an administrator's full-control token for each side's machine.
 */
async function adminToken(f: Fixtures, side: Side, request: ApiTokenRequest = FULL_CONTROL) {
  const controllerId = (await controllerOf(f, side)).id;
  const admin = await f.t.modules.users.repository.findWithBusinessStateByEmail('admin@demo.test');
  if (!admin) throw new Error('no demo administrator');
  const { api_token } = await f.t.modules.slicerAccess.service.create(
    { id: admin.id, role: admin.role as Role, business: admin.businessId, sessionId: '' },
    controllerId,
    request,
  );
  return { controllerId, token: api_token };
}

const FULL_CONTROL: ApiTokenRequest = { can_connect: true, can_upload_files: true, full_control: true };

/** The Duet face of a token whose uploads go to the library or the queue; each upload under a name of its own. */
const destinationRequest = (kind: 'library' | 'queue', method: 'GET' | 'POST'): RouteAccess => ({
  public: true,
  request: async (f, side) => {
    const destination =
      kind === 'library' ? { kind, folder: '' } : { kind, folder: '', target: 'machine' as const };
    const { controllerId, token } = await adminToken(f, side, {
      can_connect: true,
      can_upload_files: true,
      full_control: false,
      destination,
    });
    const base = `/customer/api/v1/duet/${controllerId}/${kind}/${token}`;
    return method === 'GET'
      ? { url: `${base}/rr_connect?password=&time=2026-11-28T12:00:00` }
      : { url: `${base}/rr_upload?name=0:/gcodes/${randomUUID()}.gcode`, payload: 'G28\n' };
  },
});

/** A board request of the method's own through the token URL (anything else no board answers is a 400 first). */
const slicerRequest = (rest: string, payload?: string): RouteAccess => ({
  public: true,
  request: async (f, side) => {
    const { controllerId, token } = await adminToken(f, side);
    return {
      url: `/customer/api/v1/duet/${controllerId}/full_control/${token}/${rest}`,
      ...(payload !== undefined && { payload }),
    };
  },
});

/** The OctoPrint face of the same token: the key in `X-Api-Key`. */
const octoPrintRead = (rest: string): RouteAccess => ({
  public: true,
  request: async (f, side) => {
    const { controllerId, token } = await adminToken(f, side);
    return { url: `/customer/api/v1/octoprint/${controllerId}/${rest}`, headers: { 'x-api-key': token } };
  },
});

/** The slicer token calls: whoever reaches the machine gets a token for it; anyone signed in may revoke their own. */
export const SLICER_ACCESS: Record<string, RouteAccess> = {
  'POST /api/v1/customer/printer/duet/:id/token': {
    roles: groupViewers,
    request: async (f, side) => ({
      url: `/api/v1/customer/printer/duet/${(await controllerOf(f, side)).id}/token`,
      payload: { can_connect: true, can_upload_files: true, full_control: false },
    }),
  },
  'DELETE /api/v1/customer/tokens/invalidate': {
    roles: { administrator: 'all', manager: 'all', technician: 'all', customer: 'all' },
    request: async () => ({ url: '/api/v1/customer/tokens/invalidate' }),
  },
  'GET /customer/api/v1/duet/:id/:level/:token/*': slicerRequest('rr_model?key=state'),
  'POST /customer/api/v1/duet/:id/:level/:token/*': slicerRequest(
    'rr_upload?name=0:/gcodes/a.gcode',
    'G28\n',
  ),
  'PUT /customer/api/v1/duet/:id/:level/:token/*': slicerRequest(
    'machine/file/0%3A%2Fgcodes%2Fa.gcode',
    'G28\n',
  ),
  'DELETE /customer/api/v1/duet/:id/:level/:token/*': slicerRequest('machine/file/0%3A%2Fgcodes%2Fa.gcode'),
  'GET /customer/api/v1/duet/:id/library/:token/*': destinationRequest('library', 'GET'),
  'POST /customer/api/v1/duet/:id/library/:token/*': destinationRequest('library', 'POST'),
  'GET /customer/api/v1/duet/:id/queue/:token/*': destinationRequest('queue', 'GET'),
  'POST /customer/api/v1/duet/:id/queue/:token/*': destinationRequest('queue', 'POST'),
  'GET /customer/api/v1/octoprint/:id/api/version': octoPrintRead('api/version'),
  'GET /customer/api/v1/octoprint/:id/api/server': octoPrintRead('api/server'),
  'GET /customer/api/v1/octoprint/:id/api/connection': octoPrintRead('api/connection'),
  'GET /customer/api/v1/octoprint/:id/api/printer': octoPrintRead('api/printer'),
  'GET /customer/api/v1/octoprint/:id/api/job': octoPrintRead('api/job'),
  'POST /customer/api/v1/octoprint/:id/api/files/local': {
    public: true,
    request: async (f, side) => {
      const { controllerId, token } = await adminToken(f, side);
      const { payload, contentType } = octoPrintForm('matrix.gcode', 'G28');
      return {
        url: `/customer/api/v1/octoprint/${controllerId}/api/files/local`,
        payload,
        headers: { 'x-api-key': token, 'content-type': contentType },
      };
    },
  },
};
