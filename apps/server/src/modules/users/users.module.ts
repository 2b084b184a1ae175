import type { FastifyPluginAsync } from 'fastify';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { AddressesRepository } from './addresses.repository.ts';
import { addressesRoutes } from './addresses.routes.ts';
import { AddressesService } from './addresses.service.ts';
import { ContactsRepository } from './contacts.repository.ts';
import { contactsRoutes } from './contacts.routes.ts';
import { ContactsService } from './contacts.service.ts';
import { preferencesRoutes } from './preferences.routes.ts';
import { PreferencesService } from './preferences.service.ts';
import { UserMachinesRepository } from './user-machines.repository.ts';
import { userMachinesRoutes } from './user-machines.routes.ts';
import { UserMachinesService } from './user-machines.service.ts';
import { UsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { UsersService, type UsersServiceDeps } from './users.service.ts';

/** What the users module borrows from the auth module: password hashing and ending sessions. */
export type UsersModuleNeeds = Pick<UsersServiceDeps, 'hashPassword' | 'endSessionsOf'>;

/** Users: their accounts, addresses, contacts, preferences and machine access, and who may see them. */
export function createUsersModule({ db, clock }: ModuleDeps, needs: UsersModuleNeeds) {
  const repository = new UsersRepository(db);
  const service = new UsersService({ users: repository, clock, ...needs });
  const addresses = new AddressesService(repository, new AddressesRepository(db));
  const contacts = new ContactsService(repository, new ContactsRepository(db));
  const preferences = new PreferencesService(repository);
  const machines = new UserMachinesService(repository, new UserMachinesRepository(db));
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(routesOf(usersRoutes, { users: service }));
    await app.register(routesOf(addressesRoutes, { addresses }));
    await app.register(routesOf(contactsRoutes, { contacts }));
    await app.register(routesOf(preferencesRoutes, { preferences }));
    await app.register(routesOf(userMachinesRoutes, { machines }));
  };
  return { repository, service, routes };
}
