import { createHash, randomBytes } from 'node:crypto';
import { computerControllers } from '../../db/schema.ts';
import { administrators } from './common-reach.ts';
import type { Fixtures, Side } from './fixtures.ts';
import type { RouteAccess } from './route-access.ts';

let serial = 0;

/** A code a gateway of its own asked for from an address of its own (so no address limit is reached), and its key. */
export async function freshPairing(f: Fixtures): Promise<{ code: string; key: string }> {
  serial += 1;
  const key = randomBytes(32).toString('base64url');
  const keyHash = createHash('sha256').update(key).digest('hex');
  const { code } = await f.t.modules.gatewayPairing.service.issue(
    { keyHash, version: '0.1.0' },
    `198.51.100.${serial % 250}`,
  );
  return { code, key };
}

const freshController = async (f: Fixtures, side: Side) => {
  const [row] = await f.t.database.db
    .insert(computerControllers)
    .values({ name: `Matrix paired gateway ${serial}`, typeId: 1, businessId: f.business[side] })
    .returning({ id: computerControllers.id });
  if (!row) throw new Error('fixture controller not created');
  return row.id;
};

/** Pairing (modules/gateway-pairing): the gateway's two public calls, and the administrators' claim. */
export const PAIRING_ACCESS: Record<string, RouteAccess> = {
  'POST /api/v1/gateway/pairing': {
    public: true,
    request: async () => ({
      url: '/api/v1/gateway/pairing',
      payload: { keyHash: createHash('sha256').update(randomBytes(32)).digest('hex'), version: '0.1.0' },
    }),
  },
  'POST /api/v1/gateway/pairing/status': {
    public: true,
    request: async (f) => ({ url: '/api/v1/gateway/pairing/status', payload: await freshPairing(f) }),
  },
  'POST /api/v1/controller/computer/:id/pairing': {
    roles: administrators,
    request: async (f, side) => ({
      url: `/api/v1/controller/computer/${await freshController(f, side)}/pairing`,
      payload: { code: (await freshPairing(f)).code, board: 'http://192.168.1.50', webcam: null },
    }),
  },
  'GET /api/v1/gateway/packages': {
    roles: administrators,
    request: async () => ({ url: '/api/v1/gateway/packages' }),
  },
  'GET /api/v1/gateway/packages/:file': {
    roles: administrators,
    request: async () => ({ url: '/api/v1/gateway/packages/portal-gateway-0.1.0.tgz' }),
  },
};
