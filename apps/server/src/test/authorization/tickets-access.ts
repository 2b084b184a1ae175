import { feedItems, tickets } from '../../db/schema.ts';
import { administrators, everyone } from './common-reach.ts';
import type { Fixtures, RoleCaller, Side } from './fixtures.ts';
import { groupOf, groupViewers } from './hardware-access.ts';
import type { Reach, RouteAccess } from './route-access.ts';

/** The author of each side's ticket: the demo customer assigned to that side's demo group. */
const AUTHOR: Record<Side, string> = { own: 'customer@demo.test', other: 'customer2@demo.test' };

/**
 * A fresh ticket about the side's demo group (assigned to tech@ and customer@ in A, to customer2@ in B),
 * so that the callers of A see their side's ticket and only the administrator sees the other one.
 */
export async function newTicket(f: Fixtures, side: Side): Promise<number> {
  const group = await groupOf(f, side);
  const [row] = await f.t.database.db
    .insert(tickets)
    .values({
      title: 'Matrix',
      content: 'Matrix',
      authorId: await f.t.idOf(AUTHOR[side]),
      machineGroupId: group.id,
      businessId: group.businessId,
      createdAt: f.t.clock.now(),
    })
    .returning({ id: tickets.id });
  if (!row) throw new Error('fixture ticket not created');
  return row.id;
}

const ticketRow = (roles: Record<RoleCaller, Reach>, path = '', payload?: unknown): RouteAccess => ({
  roles,
  request: async (f, side) => ({ url: `/api/v1/tickets/${await newTicket(f, side)}${path}`, payload }),
});

/** The rows of the tickets and feed modules (modules/tickets, modules/feed). */
export const TICKETS_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/tickets': { roles: everyone, request: async () => ({ url: '/api/v1/tickets' }) },
  'POST /api/v1/tickets': {
    roles: groupViewers,
    // A machine group the caller does not see is a field error of the body, as any unknown reference.
    refusedWith: [400],
    request: async (f, side) => ({
      url: '/api/v1/tickets',
      payload: { title: 'Matrix', machine: (await groupOf(f, side)).id, content: 'Matrix' },
    }),
  },
  'POST /api/v1/machinegroup/:id/licence-renewal': {
    // The machine's viewers but administrators, who renew licences themselves.
    roles: { ...groupViewers, administrator: 'none' },
    request: async (f, side) => ({
      url: `/api/v1/machinegroup/${(await groupOf(f, side)).id}/licence-renewal`,
      payload: { language: 'en' },
    }),
  },
  'GET /api/v1/tickets/:id': ticketRow(groupViewers),
  'PUT /api/v1/tickets/:id': ticketRow(groupViewers, '', { is_open: false }),
  'DELETE /api/v1/tickets/:id': ticketRow(administrators),
  'GET /api/v1/tickets/:id/answers': ticketRow(groupViewers, '/answers'),
  'POST /api/v1/tickets/:id/answers': ticketRow(groupViewers, '/answers', { content: 'Matrix' }),
  'GET /api/v1/tickets/:id/authors': ticketRow(groupViewers, '/authors'),
  'GET /api/v1/feed': { roles: everyone, request: async () => ({ url: '/api/v1/feed' }) },
  'POST /api/v1/feed': {
    roles: administrators,
    request: async () => ({ url: '/api/v1/feed', payload: { title: 'Matrix', content: 'Matrix' } }),
  },
  'DELETE /api/v1/feed/:id': {
    roles: administrators,
    request: async (f) => {
      const [row] = await f.t.database.db
        .insert(feedItems)
        .values({ title: 'Matrix', content: 'Matrix', createdAt: f.t.clock.now() })
        .returning({ id: feedItems.id });
      if (!row) throw new Error('fixture news item not created');
      return { url: `/api/v1/feed/${row.id}` };
    },
  },
};
