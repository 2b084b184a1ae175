/**
 * More users, for the parts of the benches that open more long-lived streams than the portal lets one user hold
 * (status streams, webcam viewers): customers like a demo one (same business, same machine groups), or managers of
 * a business (who see all its machine groups), made through the admin API and signed in.
 */
import type { MachineGroup, SessionClaims, User } from '@portal/contract';
import { Role } from '@portal/contract';
import { DEMO_PASSWORD } from '../../test-kit/demo.ts';
import { api, inBatches, logIn, type Session } from '../../test-kit/portal-api.ts';

interface Portal {
  readonly url: string;
}

/** The claims of a session token (its payload, not verified: the portal issued it to this process). */
const claimsOf = (session: Session): SessionClaims =>
  JSON.parse(Buffer.from(session.token.split('.')[1] ?? '', 'base64url').toString()) as SessionClaims;

/**
 * `count` signed-in customers seeing what the customer signed in as `like` sees (its business and assigned
 * machine groups), the first being `like` itself; the others are made `parallel` at a time.
 */
export async function customersLike(
  portal: Portal,
  admin: Session,
  like: Session,
  count: number,
  { prefix, parallel = 8 }: { prefix: string; parallel?: number },
): Promise<Session[]> {
  const { id, business } = claimsOf(like);
  const groups = await api<MachineGroup[]>(portal, admin, 'GET', `/api/v1/users/${id}/machines`);
  const more = await inBatches(
    Array.from({ length: Math.max(0, count - 1) }, (_, index) => index),
    parallel,
    async (index) => {
      const email = `${prefix}-${index + 1}@bench.test`;
      const user = await createUser(portal, admin, { business, email, role: Role.Customer, index });
      for (const group of groups) {
        await api(portal, admin, 'POST', `/api/v1/users/${user.id}/machines`, { machine: group.id });
      }
      return logIn(portal, email);
    },
  );
  return [like, ...more];
}

/** `count` signed-in managers of `business`, made `parallel` at a time: each sees every machine group of it. */
export function managersOf(
  portal: Portal,
  admin: Session,
  business: number,
  count: number,
  { prefix, parallel = 8 }: { prefix: string; parallel?: number },
): Promise<Session[]> {
  return inBatches(
    Array.from({ length: count }, (_, index) => index),
    parallel,
    async (index) => {
      const email = `${prefix}-${index + 1}@bench.test`;
      await createUser(portal, admin, { business, email, role: Role.Manager, index });
      return logIn(portal, email);
    },
  );
}

function createUser(
  portal: Portal,
  admin: Session,
  { business, email, role, index }: { business: number; email: string; role: Role; index: number },
): Promise<User> {
  return api<User>(portal, admin, 'POST', '/api/v1/users', {
    business,
    email,
    name: 'Bench',
    surname: `${role === Role.Manager ? 'Manager' : 'Customer'} ${index + 1}`,
    password: DEMO_PASSWORD,
    role,
  });
}

/**
 * One signed-in customer of `business` for each entry of `groups`, assigned those machine groups only (as a
 * business assigns its customers their own machines), made `parallel` at a time.
 */
export function customersOfGroups(
  portal: Portal,
  admin: Session,
  business: number,
  groups: readonly (readonly number[])[],
  { prefix, parallel = 8 }: { prefix: string; parallel?: number },
): Promise<Session[]> {
  return inBatches(groups, parallel, async (machines, index) => {
    const email = `${prefix}-${index + 1}@bench.test`;
    const user = await createUser(portal, admin, { business, email, role: Role.Customer, index });
    for (const machine of machines) {
      await api(portal, admin, 'POST', `/api/v1/users/${user.id}/machines`, { machine });
    }
    return logIn(portal, email);
  });
}
