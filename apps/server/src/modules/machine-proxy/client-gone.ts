import type { FastifyReply } from 'fastify';

/** Aborts when the client closes its connection before the answer is complete, so the relay stops waiting. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The path and raw query after the proxy prefix, as the board should see them. */
export function boardPathOf(rest: string, rawUrl: string | undefined): string {
  const query = rawUrl?.includes('?') ? rawUrl.slice(rawUrl.indexOf('?')) : '';
  return `/${rest}${query}`;
}
