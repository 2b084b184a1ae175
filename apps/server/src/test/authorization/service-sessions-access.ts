import { Role } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { serviceSessions, users } from '../../db/schema.ts';
import { everyone } from './common-reach.ts';
import type { Fixtures, RoleCaller, Side } from './fixtures.ts';
import { groupOf } from './hardware-access.ts';
import type { Reach, RouteAccess } from './route-access.ts';
import { newTicket } from './tickets-access.ts';

/** The business's own people, each within it. */
const ownBusiness: Record<RoleCaller, Reach> = {
  administrator: 'none',
  manager: 'own',
  technician: 'own',
  customer: 'own',
};

/**
 * A fresh ticket of the side (written by that side's demo customer), with no session open on its machine: every
 * earlier one is withdrawn, so a request is never refused for one open already.
 */
async function quietTicket(f: Fixtures, side: Side): Promise<{ id: number; controllerId: number }> {
  const id = await newTicket(f, side);
  const controllerId = (await groupOf(f, side)).computerControllerId;
  await f.t.database.db
    .update(serviceSessions)
    .set({ state: 'withdrawn' })
    .where(
      and(
        eq(serviceSessions.controllerId, controllerId),
        inArray(serviceSessions.state, ['requested', 'accepted']),
      ),
    );
  return { id, controllerId };
}

let serial = 0;

/** A technician of the operator's business (outside both sides), who asks for the fixtures' sessions. */
async function operatorTechnician(f: Fixtures): Promise<number> {
  const { db } = f.t.database;
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo.test'));
  serial += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `matrix-service-${serial}@demo.test`,
      name: 'Matrix',
      surname: 'Service',
      role: Role.Technician,
      businessId: admin?.businessId ?? 0,
      passwordHash: 'not-a-hash',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('fixture technician not created');
  return row.id;
}

/** A session of the side asked for by an operator's technician from a fresh ticket, `requested` or `accepted`. */
async function newSession(f: Fixtures, side: Side, state: 'requested' | 'accepted'): Promise<number> {
  const ticket = await quietTicket(f, side);
  const now = f.t.clock.now();
  const [row] = await f.t.database.db
    .insert(serviceSessions)
    .values({
      ticketId: ticket.id,
      controllerId: ticket.controllerId,
      businessId: f.business[side],
      requesterId: await operatorTechnician(f),
      reason: 'Matrix',
      hours: 1,
      state,
      requestedAt: now,
      ...(state === 'accepted' && { decidedAt: now, endsAt: new Date(now.getTime() + 3_600_000) }),
    })
    .returning({ id: serviceSessions.id });
  if (!row) throw new Error('fixture session not created');
  return row.id;
}

/** The rows of remote service with consent (modules/service-sessions, docs/design.md §11). */
export const SERVICE_SESSIONS_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/service-sessions': {
    roles: everyone,
    request: async () => ({ url: '/api/v1/service-sessions?open=true' }),
  },
  'POST /api/v1/tickets/:id/service-sessions': {
    // Staff outside the machine's business: the administrator everywhere; A's technician is inside A, and does not
    // see B's ticket.
    roles: { administrator: 'all', manager: 'none', technician: 'none', customer: 'none' },
    request: async (f, side) => ({
      url: `/api/v1/tickets/${(await quietTicket(f, side)).id}/service-sessions`,
      payload: { reason: 'Matrix', hours: 1 },
    }),
  },
  'POST /api/v1/service-sessions/:id/decision': {
    // The managers, and the customer who wrote the ticket (the side's demo customer).
    roles: { administrator: 'none', manager: 'own', technician: 'none', customer: 'own' },
    request: async (f, side) => ({
      url: `/api/v1/service-sessions/${await newSession(f, side, 'requested')}/decision`,
      payload: { accept: false },
    }),
  },
  'POST /api/v1/service-sessions/:id/end': {
    roles: ownBusiness,
    request: async (f, side) => ({
      url: `/api/v1/service-sessions/${await newSession(f, side, 'accepted')}/end`,
    }),
  },
  'GET /api/v1/business/:id/service-consent': {
    roles: { administrator: 'all', manager: 'own', technician: 'own', customer: 'own' },
    request: async (f, side) => ({ url: `/api/v1/business/${f.business[side]}/service-consent` }),
  },
  'PUT /api/v1/business/:id/service-consent': {
    // Turned off, as every other row expects it.
    roles: { administrator: 'none', manager: 'own', technician: 'none', customer: 'none' },
    request: async (f, side) => ({
      url: `/api/v1/business/${f.business[side]}/service-consent`,
      payload: { required: false },
    }),
  },
};
