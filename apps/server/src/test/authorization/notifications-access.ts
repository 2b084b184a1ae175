import { notifications, pushSubscriptions } from '../../db/schema.ts';
import { newBrowserKeys } from '../push-service.ts';
import { everyone } from './common-reach.ts';
import { CALLERS, type RoleCaller } from './fixtures.ts';
import type { Reach, RouteAccess } from './route-access.ts';

let serial = 0;
const endpoint = () => `https://push.example.com/matrix/${++serial}`;

/** Every caller acts on its own subscriptions only: another user's endpoint is as unknown as a missing one. */
const ownOnly: Record<RoleCaller, Reach> = {
  administrator: 'own',
  manager: 'own',
  technician: 'own',
  customer: 'own',
};

/** A fresh bell item of the caller itself ('own'), or of the other business's customer ('other'). */
async function notificationOf(
  f: Parameters<RouteAccess['request']>[0],
  side: 'own' | 'other',
  caller: RoleCaller,
) {
  const userId = side === 'own' ? await f.t.idOf(CALLERS[caller]) : f.customer.other;
  const [row] = await f.t.database.db
    .insert(notifications)
    .values({
      userId,
      eventKey: `matrix:${++serial}`,
      event: 'halted',
      subject: 'Matrix',
      shown: true,
      createdAt: f.t.clock.now(),
    })
    .returning({ id: notifications.id });
  return row?.id ?? 0;
}

/** The rows of the notifications module (modules/notifications). */
export const NOTIFICATIONS_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/notifications/vapid-public-key': {
    roles: everyone,
    request: async () => ({ url: '/api/v1/notifications/vapid-public-key' }),
  },
  'POST /api/v1/notifications/subscribe': {
    roles: everyone,
    request: async () => ({
      url: '/api/v1/notifications/subscribe',
      payload: { endpoint: endpoint(), expirationTime: null, keys: newBrowserKeys().keys },
    }),
  },
  'POST /api/v1/notifications/unsubscribe': {
    roles: ownOnly,
    refusedWith: [404],
    // A fresh subscription of the caller itself ('own'), or of the other business's customer ('other').
    request: async (f, side, caller) => {
      const owner = side === 'own' ? await f.t.idOf(CALLERS[caller]) : f.customer.other;
      const { keys } = newBrowserKeys();
      const row = {
        userId: owner,
        endpoint: endpoint(),
        ...keys,
        language: 'it',
        createdAt: f.t.clock.now(),
      };
      await f.t.database.db.insert(pushSubscriptions).values(row);
      return { url: '/api/v1/notifications/unsubscribe', payload: { endpoint: row.endpoint } };
    },
  },
  'GET /api/v1/notifications': {
    roles: everyone,
    request: async () => ({ url: '/api/v1/notifications' }),
  },
  'POST /api/v1/notifications/:id/read': {
    roles: ownOnly,
    refusedWith: [404],
    request: async (f, side, caller) => ({
      url: `/api/v1/notifications/${await notificationOf(f, side, caller)}/read`,
    }),
  },
  'POST /api/v1/notifications/read-all': {
    roles: everyone,
    request: async () => ({ url: '/api/v1/notifications/read-all' }),
  },
  'GET /api/v1/notifications/preferences': {
    roles: everyone,
    request: async () => ({ url: '/api/v1/notifications/preferences' }),
  },
  'PUT /api/v1/notifications/preferences': {
    roles: everyone,
    request: async () => ({
      url: '/api/v1/notifications/preferences',
      payload: { preferences: { halted: { inApp: true, mail: true, push: false } }, language: 'it' },
    }),
  },
};
