import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The JSON API; the SPA, its hashed assets and the board proxies choose their own caching. */
const API_PATH = /^\/api\/v1(\/|\?|$)/;

/**
 * `Cache-Control: no-store` on every answer of the API that sets none itself: they carry one user's data
 * (profiles, tickets, tokens), which neither a shared proxy nor the browser's disk cache should keep.
 */
export const apiNoStorePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    if (API_PATH.test(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
});
