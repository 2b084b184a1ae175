import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Modules } from './app.ts';
import { earlyErrorOptions, errorHandlerPlugin } from './plugins/error-handler.ts';
import { shutdownGracePlugin } from './plugins/shutdown-grace.ts';

/**
 * The machine origin (DESIGN.md §5): a second server, on its own origin, that serves board pages and nothing
 * of the portal (no SPA, no API). Code a board serves can then never read the portal's storage or use its API.
 */
export async function buildMachineOrigin(
  modules: Modules,
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const app = Fastify({ logger, ...earlyErrorOptions });
  await app.register(shutdownGracePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(async (scope) => modules.machineProxy.machineOriginRoutes(scope));
  await app.register(async (scope) => modules.webcam.machineOriginRoutes(scope));
  return app;
}
