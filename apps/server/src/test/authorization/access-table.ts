import { SESSION_MAX_HOURS } from '@portal/contract';
import { ACTIVITY_ACCESS } from './activity-access.ts';
import { BUSINESS_ACCESS } from './business-access.ts';
import { administrators, everyone } from './common-reach.ts';
import { HARDWARE_ACCESS } from './hardware-access.ts';
import { INSIGHT_ACCESS } from './insight-access.ts';
import { LIBRARY_ACCESS } from './library-access.ts';
import { LIVE_STATUS_ACCESS } from './live-status-access.ts';
import { MACHINES_ACCESS } from './machines-access.ts';
import { MAINTENANCE_ACCESS } from './maintenance-access.ts';
import { NOTIFICATIONS_ACCESS } from './notifications-access.ts';
import { PAIRING_ACCESS } from './pairing-access.ts';
import { PASSWORD_RECOVERY_ACCESS } from './password-recovery-access.ts';
import { PRINT_QUEUE_ACCESS } from './print-queue-access.ts';
import type { RouteAccess } from './route-access.ts';
import { SERVICE_SESSIONS_ACCESS } from './service-sessions-access.ts';
import { SLICER_ACCESS } from './slicer-access.ts';
import { TICKETS_ACCESS } from './tickets-access.ts';
import { TWO_FACTOR_ACCESS } from './two-factor-access.ts';
import { USERS_ACCESS } from './users-access.ts';

/**
 * The expected access of every route the app registers, keyed "METHOD /path/:param". A route missing here
 * fails the matrix test: whoever adds a route declares who may call it.
 */
export const ACCESS_TABLE: Record<string, RouteAccess> = {
  'GET /healthz': { public: true, request: async () => ({ url: '/healthz' }) },
  'GET /livez': { public: true, request: async () => ({ url: '/livez' }) },
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
  'POST /api/v1/auth/session': {
    public: true,
    // Its own credentials: a session's token with its renewal cookie, whoever else calls.
    request: async (f) => {
      const { token, cookie } = await f.t.renewableSessionFor('customer@demo.test');
      return { url: '/api/v1/auth/session', headers: { authorization: `Bearer ${token}`, cookie } };
    },
  },
  'GET /api/v1/settings/sessions': {
    roles: administrators,
    request: async () => ({ url: '/api/v1/settings/sessions' }),
  },
  'PUT /api/v1/settings/sessions': {
    roles: administrators,
    request: async () => ({
      url: '/api/v1/settings/sessions',
      payload: { maxHours: SESSION_MAX_HOURS.default },
    }),
  },
  'POST /api/v1/auth/video-token': {
    roles: everyone,
    request: async () => ({ url: '/api/v1/auth/video-token' }),
  },
  ...PASSWORD_RECOVERY_ACCESS,
  ...TWO_FACTOR_ACCESS,
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
  ...PAIRING_ACCESS,
  ...LIVE_STATUS_ACCESS,
  ...MACHINES_ACCESS,
  ...TICKETS_ACCESS,
  ...NOTIFICATIONS_ACCESS,
  ...SLICER_ACCESS,
  ...ACTIVITY_ACCESS,
  ...SERVICE_SESSIONS_ACCESS,
  ...MAINTENANCE_ACCESS,
  ...INSIGHT_ACCESS,
  ...LIBRARY_ACCESS,
  ...PRINT_QUEUE_ACCESS,
};
