import type { FastifyPluginAsync } from 'fastify';
import { ChangeListeners, type Changes } from '../../shared/change-listeners.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { PasswordHasher } from '../../shared/password-hasher.ts';
import { preferencesRoutes } from './preferences.routes.ts';
import { PreferencesService } from './preferences.service.ts';
import { UserMachinesRepository } from './user-machines.repository.ts';
import { userMachinesRoutes } from './user-machines.routes.ts';
import { UserMachinesService } from './user-machines.service.ts';
import { UserRecordsRepository } from './user-records.repository.ts';
import { userRecordsRoutes } from './user-records.routes.ts';
import { UserRecordsService } from './user-records.service.ts';
import { addressRecords, contactRecords, type UserRecordKind, type UserRecordTable } from './user-records.ts';
import { UsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { UsersService } from './users.service.ts';

/** Users: their accounts, addresses, contacts, preferences and machine access, and who may see them. */
export function createUsersModule({ db, clock }: ModuleDeps, { hasher }: { hasher: PasswordHasher }) {
  const repository = new UsersRepository(db);
  const sessionEnds = new ChangeListeners<number>();
  const service = new UsersService({
    users: repository,
    clock,
    hashPassword: (password) => hasher.hash(password),
    verifyPassword: (hash, password) => hasher.verify(hash, password),
    endSessionsOf: (userId) => sessionEnds.publish(userId),
  });
  const records = <Table extends UserRecordTable, ItemParam extends string>(
    kind: UserRecordKind<Table, ItemParam>,
  ) =>
    userRecordsRoutes(
      kind,
      new UserRecordsService(repository, new UserRecordsRepository(db, kind.table), kind.missing),
    );
  const preferences = new PreferencesService(repository);
  const machines = new UserMachinesService(repository, new UserMachinesRepository(db));
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(routesOf(usersRoutes, { users: service }));
    await app.register(records(addressRecords));
    await app.register(records(contactRecords));
    await app.register(routesOf(preferencesRoutes, { preferences }));
    await app.register(routesOf(userMachinesRoutes, { machines }));
  };
  return {
    repository,
    service,
    /** Users whose every session must end at once (a new role, password or state, a deletion): auth ends them. */
    sessionEnds: sessionEnds as Changes<number>,
    routes,
  };
}
