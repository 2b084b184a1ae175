import { BUSINESS_ACCESS } from './business-access.ts';
import { everyone } from './common-reach.ts';
import type { Fixtures, RoleCaller, Side } from './fixtures.ts';
import { HARDWARE_ACCESS } from './hardware-access.ts';
import { LIVE_STATUS_ACCESS } from './live-status-access.ts';
import { MACHINES_ACCESS } from './machines-access.ts';
import { NOTIFICATIONS_ACCESS } from './notifications-access.ts';
import { PASSWORD_RECOVERY_ACCESS } from './password-recovery-access.ts';
import { SLICER_ACCESS } from './slicer-access.ts';
import { TICKETS_ACCESS } from './tickets-access.ts';
import { USERS_ACCESS } from './users-access.ts';

/**
 * Who may call a route: `public` routes answer anyone; otherwise each role reaches objects of every
 * business ('all'), of its own business only ('own'), only itself ('self'), or nothing ('none').
 */
export type Reach = 'all' | 'own' | 'self' | 'none';

export interface RouteAccess {
  public?: true;
  roles?: Record<RoleCaller, Reach>;
  /** The statuses that count as a refusal for this route; 403 and 404 unless it says otherwise. */
  refusedWith?: number[];
  /** The route answers with an event stream that stays open: tests read its start and hang up. */
  stream?: true;
  /** The request about an object of the caller's own business or of the other one; fresh objects when it uses them up. */
  request(
    f: Fixtures,
    side: Side,
    caller: RoleCaller,
  ): Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }>;
}

/**
 * The expected access of every route the app registers, keyed "METHOD /path/:param". A route missing here
 * fails the matrix test: whoever adds a route declares who may call it.
 */
export const ACCESS_TABLE: Record<string, RouteAccess> = {
  'GET /healthz': { public: true, request: async () => ({ url: '/healthz' }) },
  'GET /readyz': { public: true, request: async () => ({ url: '/readyz' }) },
  'GET /api/v1/operator': { public: true, request: async () => ({ url: '/api/v1/operator' }) },
  'POST /api/v1/auth': {
    public: true,
    request: async () => ({
      url: '/api/v1/auth',
      payload: { email: 'customer@demo.test', password: 'Demo1234!' },
    }),
  },
  'DELETE /api/v1/auth': { roles: everyone, request: async () => ({ url: '/api/v1/auth' }) },
  'POST /api/v1/auth/video-token': {
    roles: everyone,
    request: async () => ({ url: '/api/v1/auth/video-token' }),
  },
  ...PASSWORD_RECOVERY_ACCESS,
  ...USERS_ACCESS,
  'GET /api/v1/users/:id': {
    roles: { administrator: 'all', manager: 'own', technician: 'self', customer: 'self' },
    request: async (f, side) => ({ url: `/api/v1/users/${f.customer[side]}` }),
  },
  'GET /api/v1/business/:id': {
    roles: { administrator: 'all', manager: 'own', technician: 'own', customer: 'own' },
    request: async (f, side) => ({ url: `/api/v1/business/${f.business[side]}` }),
  },
  ...BUSINESS_ACCESS,
  ...HARDWARE_ACCESS,
  ...LIVE_STATUS_ACCESS,
  ...MACHINES_ACCESS,
  ...TICKETS_ACCESS,
  ...NOTIFICATIONS_ACCESS,
  ...SLICER_ACCESS,
};
