import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { UsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { UsersService } from './users.service.ts';

/** Users: their accounts and what others may see of them. */
export function createUsersModule({ db }: ModuleDeps) {
  const repository = new UsersRepository(db);
  const service = new UsersService(repository);
  return { repository, service, routes: routesOf(usersRoutes, { users: service }) };
}
