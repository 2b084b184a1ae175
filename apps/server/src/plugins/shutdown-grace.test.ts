import { once } from 'node:events';
import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { shutdownGracePlugin } from './shutdown-grace.ts';

describe('closing a server', () => {
  it('cuts a response that never ends once the grace period is over', async () => {
    const app = Fastify();
    await app.register(shutdownGracePlugin, { graceMs: 200 });
    app.get('/forever', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/plain' });
      reply.raw.write('never ending');
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const request = http.get(`${address}/forever`);
    request.on('error', () => undefined);
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    response.resume();
    response.on('error', () => undefined);
    const cut = new Promise((resolve) => response.once('close', resolve));

    await app.close(); // without the plugin this waits for the stream for ever
    await cut;
    expect(response.complete).toBe(false);
  });
});
