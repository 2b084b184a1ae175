import { Role } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { twoFactors, users } from '../../db/schema.ts';
import { bearer } from '../test-app.ts';
import { administrators, everyone } from './common-reach.ts';
import { CALLERS, type Fixtures, type RoleCaller, type Side } from './fixtures.ts';
import type { RouteAccess } from './route-access.ts';

const PASSWORD = 'Matrix-Two-Factor-1';

/** The code an authenticator app shows now, by the test app's clock. */
const codeOf = (f: Fixtures, secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: f.t.clock.now().getTime(),
  });

/** A set-up of the user's, pending and fresh (any earlier second factor removed): its secret. */
async function pendingSetup(f: Fixtures, userId: number, email: string): Promise<string> {
  await f.t.database.db.delete(twoFactors).where(eq(twoFactors.userId, userId));
  const response = await f.t.app.inject({
    method: 'POST',
    url: '/api/v1/two-factor/setup',
    headers: bearer(await f.t.tokenFor(email)),
  });
  return response.json().secret;
}

const callerOf = async (f: Fixtures, caller: RoleCaller) => {
  const email = CALLERS[caller];
  return { id: await f.t.idOf(email), email };
};

/** A fresh user of the side's business who signs in with `PASSWORD`. */
async function userWithPassword(f: Fixtures, side: Side, role: Role) {
  const id = await f.newUser(side, role);
  const [row] = await f.t.database.db
    .update(users)
    .set({ passwordHash: await f.t.modules.auth.hasher.hash(PASSWORD) })
    .where(eq(users.id, id))
    .returning({ email: users.email });
  if (!row) throw new Error('fixture user not found');
  return { id, email: row.email };
}

const challengeOf = async (f: Fixtures, email: string): Promise<string> =>
  (
    await f.t.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email, password: PASSWORD } })
  ).json().challenge;

const setRequired = async (f: Fixtures, requiredForStaff: boolean) =>
  f.t.app.inject({
    method: 'PUT',
    url: '/api/v1/settings/two-factor',
    headers: bearer(await f.t.tokenFor(CALLERS.administrator)),
    payload: { requiredForStaff },
  });

/** The rows of two-factor sign-in (modules/auth, docs/design.md §10): one's own, and the administrators'. */
export const TWO_FACTOR_ACCESS: Record<string, RouteAccess> = {
  'POST /api/v1/auth/two-factor': {
    public: true,
    // A fresh user with two-factor sign-in on, their password given: the second step with a recovery code.
    request: async (f, side) => {
      const user = await userWithPassword(f, side, Role.Customer);
      const secret = await pendingSetup(f, user.id, user.email);
      const confirmed = await f.t.app.inject({
        method: 'POST',
        url: '/api/v1/two-factor/confirm',
        headers: bearer(await f.t.tokenFor(user.email)),
        payload: { code: codeOf(f, secret) },
      });
      const [recoveryCode] = confirmed.json().recoveryCodes;
      return {
        url: '/api/v1/auth/two-factor',
        payload: { challenge: await challengeOf(f, user.email), code: recoveryCode },
      };
    },
  },
  'POST /api/v1/auth/two-factor/setup': {
    public: true,
    // A fresh technician signing in while the requirement was on: the set-up challenge outlives the setting.
    request: async (f, side) => {
      const user = await userWithPassword(f, side, Role.Technician);
      await setRequired(f, true);
      const challenge = await challengeOf(f, user.email);
      await setRequired(f, false);
      return { url: '/api/v1/auth/two-factor/setup', payload: { challenge } };
    },
  },
  'GET /api/v1/two-factor': { roles: everyone, request: async () => ({ url: '/api/v1/two-factor' }) },
  'POST /api/v1/two-factor/setup': {
    roles: everyone,
    request: async (f, _side, caller) => {
      const { id } = await callerOf(f, caller);
      await f.t.database.db.delete(twoFactors).where(eq(twoFactors.userId, id));
      return { url: '/api/v1/two-factor/setup' };
    },
  },
  'POST /api/v1/two-factor/confirm': {
    roles: everyone,
    request: async (f, _side, caller) => {
      const { id, email } = await callerOf(f, caller);
      const secret = await pendingSetup(f, id, email);
      return { url: '/api/v1/two-factor/confirm', payload: { code: codeOf(f, secret) } };
    },
  },
  'POST /api/v1/two-factor/disable': {
    roles: everyone,
    // Turned on directly, no time step used yet: the current code turns it off.
    request: async (f, _side, caller) => {
      const { id, email } = await callerOf(f, caller);
      const secret = await pendingSetup(f, id, email);
      await f.t.database.db
        .update(twoFactors)
        .set({ enabledAt: f.t.clock.now() })
        .where(eq(twoFactors.userId, id));
      return { url: '/api/v1/two-factor/disable', payload: { code: codeOf(f, secret) } };
    },
  },
  'DELETE /api/v1/users/:id/two-factor': {
    roles: administrators,
    request: async (f, side) => ({ url: `/api/v1/users/${f.customer[side]}/two-factor` }),
  },
  'GET /api/v1/settings/two-factor': {
    roles: administrators,
    request: async () => ({ url: '/api/v1/settings/two-factor' }),
  },
  'PUT /api/v1/settings/two-factor': {
    roles: administrators,
    request: async () => ({ url: '/api/v1/settings/two-factor', payload: { requiredForStaff: false } }),
  },
};
