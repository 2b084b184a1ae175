import { PASSWORD_RECOVERY_TTL_MS } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { hashRecoveryToken, newRecoveryToken } from '../../modules/password-recovery/recovery-token.ts';
import type { RouteAccess } from './route-access.ts';

/** The rows of password recovery (modules/password-recovery): public, for people who cannot log in. */
export const PASSWORD_RECOVERY_ACCESS: Record<string, RouteAccess> = {
  'POST /api/v1/password/recover': {
    public: true,
    request: async () => ({ url: '/api/v1/password/recover', payload: { email: 'manager2@demo.test' } }),
  },
  'PUT /api/v1/password/recover': {
    public: true,
    // A fresh user with a fresh link each time: the link is used up by the call.
    request: async (f, side) => {
      const id = await f.newUser(side);
      const [user] = await f.t.database.db.select().from(users).where(eq(users.id, id));
      if (!user) throw new Error('fixture user not found');
      const token = newRecoveryToken();
      const now = f.t.clock.now();
      await f.t.modules.passwordRecovery.repository.replaceFor(
        id,
        hashRecoveryToken(token),
        now,
        new Date(now.getTime() + PASSWORD_RECOVERY_TTL_MS),
      );
      return {
        url: '/api/v1/password/recover',
        payload: { email: user.email, token, password: 'Matrix123!' },
      };
    },
  },
};
