import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

/** An app whose warnings about TRUST_PROXY are collected, parsed. */
async function appWithLog(trustProxy: string[] | false) {
  const lines: string[] = [];
  const t = await createTestApp(
    { trustProxy },
    { logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } },
  );
  onTestFinished(() => t.close());
  const warnings = () =>
    lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; header?: string })
      .filter((entry) => entry.level === 40 && entry.msg.includes('TRUST_PROXY'));
  return { t, warnings };
}

describe('forwarding headers while TRUST_PROXY is unset', () => {
  it('warns once, at the first request that carries one, whichever it is', async () => {
    const { t, warnings } = await appWithLog(false);
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
    const { t, warnings } = await appWithLog(false);
    await t.app.inject({ url: '/healthz', headers: { [header]: 'for=203.0.113.9' } });
    expect(warnings()).toEqual([expect.objectContaining({ header })]);
  });

  it('says nothing when TRUST_PROXY names the proxy', async () => {
    const { t, warnings } = await appWithLog(['127.0.0.1']);
    await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(warnings()).toEqual([]);
  });
});
