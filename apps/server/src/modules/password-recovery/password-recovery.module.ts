import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { RefusalMemory } from '../../shared/refusal-memory.ts';
import { PasswordRecoveryRepository } from './password-recovery.repository.ts';
import { passwordRecoveryPublicRoutes } from './password-recovery.routes.ts';
import { PasswordRecoveryService, type PasswordRecoveryServiceDeps } from './password-recovery.service.ts';

/** What password recovery borrows: the users' records, auth's hasher and session ending, the mailer. */
export type PasswordRecoveryNeeds = Pick<
  PasswordRecoveryServiceDeps,
  'users' | 'hashPassword' | 'endSessionsOf' | 'mailer'
>;

/**
 * Password recovery by mail: a one-hour, single-use link whose token is stored only as a hash (SHA-256). Public
 * routes; limits per address and client, refusals answered from memory once decided; the same answer whether or not
 * an account exists (the mail goes out after the answer); the mail's texts in Italian and English.
 */
export function createPasswordRecoveryModule(
  { db, clock, config }: ModuleDeps,
  needs: PasswordRecoveryNeeds,
) {
  const repository = new PasswordRecoveryRepository(db);
  const refusals = new RefusalMemory();
  const service = new PasswordRecoveryService({
    repository,
    refusals,
    clock,
    publicUrl: config.publicUrl,
    ...needs,
  });
  return {
    repository,
    /** This process's memory of the limits' refusals (tests clear it with the counters). */
    refusals,
    service,
    publicRoutes: routesOf(passwordRecoveryPublicRoutes, { recovery: service }),
  };
}
