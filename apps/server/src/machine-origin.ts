import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Modules } from './app.ts';
import { accessLogServerOptions } from './logging.ts';
import { bodyTimeoutsPlugin } from './plugins/body-timeouts.ts';
import { earlyErrorOptions, errorHandlerPlugin } from './plugins/error-handler.ts';
import { shutdownGracePlugin } from './plugins/shutdown-grace.ts';

/**
 * The machine origins (docs/machine-origins.md): a second server, every machine's own origin, that serves board
 * pages and nothing of the portal (no SPA, no API). Code a board serves can then never read the portal's storage,
 * use its API, or reach another machine.
 */
export async function buildMachineOrigin(
  modules: Modules,
  logger: FastifyServerOptions['logger'] = false,
  { logRequests = true }: { logRequests?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger, ...earlyErrorOptions, ...accessLogServerOptions({ requests: logRequests }) });
  await app.register(shutdownGracePlugin);
  await app.register(bodyTimeoutsPlugin);
  await app.register(errorHandlerPlugin);
  // An error is about this request only: no cache may answer a later one with it.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
    return payload;
  });
  await modules.machineProxy.machineErrorPages(app);
  await app.register(async (scope) => modules.machineProxy.machineOriginRoutes(scope));
  await app.register(async (scope) => modules.webcam.machineOriginRoutes(scope));
  return app;
}
