import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmetMiddleware, { type HelmetOptions } from 'helmet';
import type { MachineOrigins } from '../shared/machine-origins.ts';

/**
 * A strict CSP fit for the SPA: no inline scripts or styles, everything from the portal itself, and
 * only the portal may frame it. One year of HSTS.
 */
const OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  frameguard: { action: 'sameorigin' },
  crossOriginEmbedderPolicy: false,
} as const satisfies HelmetOptions;

let cached: Record<string, string> | undefined;

/**
 * The same headers as a plain map, for the answers Fastify gives before any hook runs (a malformed
 * URL, a broken HTTP request): computed once by letting helmet write them onto a stand-in response.
 */
export function securityHeaders(): Record<string, string> {
  if (cached) return cached;
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmetMiddleware(OPTIONS)({} as never, response as never, () => undefined);
  cached = headers;
  return headers;
}

export interface SecurityHeadersOptions {
  /** The machines' own origins: the only places the SPA frames and shows webcams from. */
  machineOrigins?: MachineOrigins;
}

/**
 * Helmet with OPTIONS on every answer, before the route runs; frames and images may also come from any
 * machine's origin (one wildcard source). Helmet's middleware is built once: @fastify/helmet builds it again
 * for every request, parsing the whole policy each time, which cost the proxy a few percent of its CPU per
 * request (docs/benchmarks.md).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { machineOrigins }: SecurityHeadersOptions) => {
    const { directives } = OPTIONS.contentSecurityPolicy;
    const applyHeaders = helmetMiddleware(
      machineOrigins
        ? {
            ...OPTIONS,
            contentSecurityPolicy: {
              ...OPTIONS.contentSecurityPolicy,
              directives: {
                ...directives,
                frameSrc: [...directives.frameSrc, machineOrigins.cspSource],
                imgSrc: [...directives.imgSrc, machineOrigins.cspSource],
              },
            },
          }
        : OPTIONS,
    );
    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, () => done());
    });
  },
);
