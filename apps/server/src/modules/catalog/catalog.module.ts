import { CATALOGS, type Catalog } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { CATALOG_DEFINITIONS } from './catalog.definitions.ts';
import { CatalogRepository } from './catalog.repository.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { CatalogService } from './catalog.service.ts';

/** The machine, board and computer type catalogues: one repository, service and route set each. */
export function createCatalogModule({ db }: ModuleDeps) {
  const built = CATALOGS.map((catalog) => {
    const definition = CATALOG_DEFINITIONS[catalog];
    const repository = new CatalogRepository(db, definition.table, definition.usages);
    const service = new CatalogService(repository, definition);
    return {
      catalog,
      repository,
      service,
      routes: routesOf(catalogRoutes, { definition, entries: service }),
    };
  });
  const byCatalog = <T>(pick: (entry: (typeof built)[number]) => T) =>
    Object.fromEntries(built.map((entry) => [entry.catalog, pick(entry)])) as Record<Catalog, T>;
  const routes: FastifyPluginAsync = async (app) => {
    for (const entry of built) await app.register(entry.routes);
  };
  return {
    repositories: byCatalog((entry) => entry.repository),
    services: byCatalog((entry) => entry.service),
    routes,
  };
}
