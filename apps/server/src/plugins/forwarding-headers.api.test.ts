import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { forwardingHeadersPlugin } from './forwarding-headers.ts';

type LogLine = { level: number; msg: string; header?: string };

/** The warnings about TRUST_PROXY among a logger's lines, parsed. */
function collector() {
  const lines: string[] = [];
  const warnings = () =>
    lines
      .map((line) => JSON.parse(line) as LogLine)
      .filter((entry) => entry.level === 40 && entry.msg.includes('TRUST_PROXY'));
  return { logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } }, warnings };
}

/** The plugin alone on a bare server: each case needs a fresh "warned once" state, not a whole portal. */
async function pluginWithLog(trustProxy: string[] | false) {
  const { logger, warnings } = collector();
  const app = Fastify({ logger });
  await app.register(forwardingHeadersPlugin, { trustProxy });
  app.get('/healthz', async () => ({ ok: true }));
  onTestFinished(() => app.close());
  return { app, warnings };
}

describe('forwarding headers while TRUST_PROXY is unset', () => {
  it('warns once, at the first request that carries one, whichever it is (the portal as built)', async () => {
    const { logger, warnings } = collector();
    const t = await createTestApp({ trustProxy: false }, { logger });
    onTestFinished(() => t.close());
    await t.app.inject({ url: '/healthz' });
    expect(warnings()).toEqual([]);

    await t.app.inject({ url: '/healthz', headers: { 'x-real-ip': '203.0.113.9' } });
    await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
    await t.app.inject({ url: '/api/v1/operator', headers: { forwarded: 'for=203.0.113.9' } });
    expect(warnings()).toEqual([
      expect.objectContaining({ header: 'x-real-ip', msg: expect.stringMatching(/x-real-ip.*TRUST_PROXY/) }),
    ]);
  });

  it.each(['x-forwarded-for', 'forwarded'])('notices %s', async (header) => {
    const { app, warnings } = await pluginWithLog(false);
    await app.inject({ url: '/healthz', headers: { [header]: 'for=203.0.113.9' } });
    expect(warnings()).toEqual([expect.objectContaining({ header })]);
  });

  it('says nothing when TRUST_PROXY names the proxy', async () => {
    const { app, warnings } = await pluginWithLog(['127.0.0.1']);
    await app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(warnings()).toEqual([]);
  });
});
