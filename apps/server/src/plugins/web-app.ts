import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../shared/app-error.ts';

/** Paths that belong to the server, never to the SPA's history fallback. */
const SERVER_PATHS = /^\/(api|proxy|customer\/api)(\/|$)|^\/(healthz|livez|readyz)$/;

/** The language of a page's prefix ('/en/login' → 'en'); a bare path gets the default. */
function languageOfPath(pathname: string): Language {
  const first = pathname.split('/')[1];
  return LANGUAGES.find((language) => language === first) ?? DEFAULT_LANGUAGE;
}

/** The page with `lang` on its <html> element set to `language`, replacing the one the build wrote. */
function withLanguage(html: string, language: Language): string {
  return html.replace(
    /<html\b([^>]*)>/i,
    (_tag, attributes: string) => `<html lang="${language}"${attributes.replace(/\s+lang="[^"]*"/i, '')}>`,
  );
}

/**
 * index.html in each language, read again only when the file changes (a stat per request), so a
 * rebuilt app is served without a restart.
 */
function pageShell(file: string) {
  let cached: { version: string; pages: Record<Language, string> } | undefined;
  return async (language: Language): Promise<string> => {
    const info = await stat(file).catch(() => undefined);
    if (!info) {
      // Between two builds the file is briefly missing: the last good copy still works.
      if (cached) return cached.pages[language];
      throw notFound('Route');
    }
    const version = `${info.mtimeMs}:${info.size}`;
    if (cached?.version !== version) {
      const html = await readFile(file, 'utf8');
      const pages = Object.fromEntries(LANGUAGES.map((each) => [each, withLanguage(html, each)]));
      cached = { version, pages: pages as Record<Language, string> };
    }
    return cached.pages[language];
  };
}

export interface WebAppOptions {
  webDist: string | undefined;
  /**
   * The local portal's origin (`http://portal.localhost:PORT` when PUBLIC_URL is not set): pages asked for by
   * `localhost` or a loopback address go there, since only under that name do the machines' frames share the
   * portal's site and get their cookie (docs/machine-origins.md).
   */
  localOrigin?: string | undefined;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Serves the built SPA. Hashed assets are cached for a year and sent as the brotli or gzip copy the build
 * wrote beside them when the request accepts one (`Vary: Accept-Encoding`); index.html is revalidated
 * every time and answers every other GET that asks for a page, in the language of the page's prefix, so
 * the browser and screen readers know it before the app starts, and client-side routes survive a reload.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  const { localOrigin } = options;
  if (localOrigin) {
    app.addHook('onRequest', async (request, reply) => {
      const wantsApp = request.method === 'GET' || request.method === 'HEAD';
      if (
        !wantsApp ||
        !LOOPBACK_NAMES.has(request.hostname) ||
        SERVER_PATHS.test(request.url.split('?')[0] ?? '')
      )
        return;
      return reply.redirect(`${localOrigin}${request.url}`, 302);
    });
  }
  const root = options.webDist ? path.resolve(options.webDist) : undefined;
  const hasApp = root !== undefined && existsSync(path.join(root, 'index.html'));
  const shell = root ? pageShell(path.join(root, 'index.html')) : undefined;

  const sendPage = async (pathname: string, reply: FastifyReply) => {
    if (!shell) throw notFound('Route');
    const html = await shell(languageOfPath(pathname));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      // Looked up per request, so a rebuilt app is served without a restart.
      wildcard: true,
      index: false,
      // The build's own bookkeeping (.source-hash) is nobody's business.
      dotfiles: 'ignore',
      // The build's .br and .gz copies (vite.config.ts): no compression work per request.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_request, reply) => sendPage('/', reply));
  } else {
    app.log.warn({ root }, 'web app not built: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !SERVER_PATHS.test(pathname);
    if (hasApp && wantsPage && !path.extname(pathname)) return sendPage(pathname, reply);
    throw notFound('Route');
  });
});
