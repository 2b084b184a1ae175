import fp from 'fastify-plugin';

/** Headers a reverse proxy adds to name the client it forwards. */
export const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * With no TRUST_PROXY, a portal behind a proxy sees every client as the proxy's address: the login and
 * recovery limits per address then count everyone together. The first request that carries a forwarding
 * header says so once in the log; the header itself is still ignored, since anyone can send it.
 */
export const forwardingHeadersPlugin = fp<{ trustProxy: string[] | false }>(async (app, { trustProxy }) => {
  if (trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned) {
      const header = FORWARDING_HEADERS.find((name) => request.headers[name] !== undefined);
      if (header) {
        warned = true;
        request.log.warn(
          { header, remoteAddress: request.socket.remoteAddress },
          `a request came with ${header} but TRUST_PROXY is unset: the header is ignored, so every ` +
            'client behind that proxy shares its address for the login and recovery limits. Set ' +
            "TRUST_PROXY to the proxy's address.",
        );
      }
    }
    done();
  });
});
