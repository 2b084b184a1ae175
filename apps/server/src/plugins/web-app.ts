import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../shared/app-error.ts';

/** Paths that belong to the server, never to the SPA's history fallback. */
const SERVER_PATHS = /^\/(api|proxy|customer\/api)(\/|$)|^\/(healthz|readyz)$/;

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html is revalidated every time and
 * answers every other GET that asks for a page, so client-side routes survive a reload.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { webDist: string | undefined }) => {
  const root = options.webDist ? path.resolve(options.webDist) : undefined;
  const hasApp = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      // Looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  } else {
    app.log.warn({ root }, 'web app not built: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !SERVER_PATHS.test(request.url.split('?')[0] ?? '');
    if (hasApp && wantsPage && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw notFound('Route');
  });
});
