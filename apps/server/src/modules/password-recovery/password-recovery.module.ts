import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { PasswordRecoveryRepository } from './password-recovery.repository.ts';
import { passwordRecoveryPublicRoutes } from './password-recovery.routes.ts';
import { PasswordRecoveryService, type PasswordRecoveryServiceDeps } from './password-recovery.service.ts';

/** What password recovery borrows: the users' records, auth's hasher and session ending, the mailer. */
export type PasswordRecoveryNeeds = Pick<
  PasswordRecoveryServiceDeps,
  'users' | 'hashPassword' | 'endSessionsOf' | 'mailer'
>;

/** Password recovery by mail: a one-hour, single-use link whose token is stored only as a hash. */
export function createPasswordRecoveryModule(
  { db, clock, config }: ModuleDeps,
  needs: PasswordRecoveryNeeds,
) {
  const repository = new PasswordRecoveryRepository(db);
  const service = new PasswordRecoveryService({ repository, clock, publicUrl: config.publicUrl, ...needs });
  return {
    repository,
    service,
    publicRoutes: routesOf(passwordRecoveryPublicRoutes, { recovery: service }),
  };
}
