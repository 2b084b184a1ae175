import { once } from 'node:events';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** What the cross-cutting tests read of an answer. */
export interface InjectedAnswer {
  statusCode: number;
  body: string;
  json(): unknown;
}

/**
 * Injects a request into the app. An event stream never ends by itself, so for a route that `streams` a
 * successful answer is read up to its first chunk and then the client hangs up (the server sees it
 * leave); an error answer is read whole.
 */
export async function injectRoute(
  app: FastifyInstance,
  options: InjectOptions,
  { streams = false }: { streams?: boolean } = {},
): Promise<InjectedAnswer> {
  if (!streams) return app.inject(options);
  const hangUp = new AbortController();
  const response = await app.inject({ ...options, payloadAsStream: true, signal: hangUp.signal });
  const payload = response.stream();
  // Hanging up ends the payload stream with an abort error: expected here.
  payload.on('error', () => {});
  let body = '';
  if (response.statusCode >= 400) {
    for await (const chunk of payload) body += String(chunk);
  } else {
    body = String((await once(payload, 'data'))[0]);
    hangUp.abort();
  }
  return { statusCode: response.statusCode, body, json: () => JSON.parse(body) };
}
