import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checkWindowMs, counterSum, haproxyConfigFor } from './deployment.ts';

const read = (file: string) => readFile(new URL(`../${file}`, import.meta.url), 'utf8');
const ports = { portal: 18080, machines: 18081, stats: 18404 };
const instances = [
  { portal: 18001, machine: 19001 },
  { portal: 18002, machine: 19002 },
];

describe('deploy/', () => {
  it("gives HAProxy's configuration this deployment's ports, one server line per instance in every backend", async () => {
    const config = haproxyConfigFor(await read('deploy/haproxy.cfg'), ports, instances);
    expect(config).toMatch(/^\s*bind 127\.0\.0\.1:18080$/m);
    expect(config).toMatch(/^\s*bind 127\.0\.0\.1:18081$/m);
    expect(config).toMatch(/^\s*bind 127\.0\.0\.1:18404$/m);
    const servers = config.match(/^\s*server .*$/gm)?.map((line) => line.trim());
    expect(servers).toEqual([
      'server portal1 127.0.0.1:18001 check',
      'server portal2 127.0.0.1:18002 check',
      'server portal1 127.0.0.1:19001 check port 18001',
      'server portal2 127.0.0.1:19002 check port 18002',
      'server portal1 127.0.0.1:18001 check',
      'server portal2 127.0.0.1:18002 check',
      'server portal1 127.0.0.1:19001 check port 18001',
      'server portal2 127.0.0.1:19002 check port 18002',
    ]);
    expect(() => haproxyConfigFor('defaults\n', ports, instances)).toThrow(/deploy\/haproxy\.cfg/);
  });

  it("drains longer than HAProxy takes to notice, and systemd waits for the drain and the portal's grace", async () => {
    const window = checkWindowMs(await read('deploy/haproxy.cfg'));
    expect(window).toBe(4_000);
    const readme = await read('deploy/README.md');
    const drainSeconds = Number(readme.match(/^\s*DRAIN_SECONDS=(\d+)/m)?.[1]);
    expect(drainSeconds * 1000).toBeGreaterThan(window);
    const unit = await read('deploy/portal@.service');
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    // The server cuts what is left 5 s after it stops listening (docs/design.md §7).
    expect(Number(unit.match(/^TimeoutStopSec=(\d+)$/m)?.[1])).toBeGreaterThan(drainSeconds + 5);
    for (const variable of ['PORT=%i', 'DATA_DIR=/var/lib/portal/%i']) {
      expect(unit).toContain(`Environment=${variable}`);
    }
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/portal\/portal\.env$/m);
  });

  it('sums a counter of a Prometheus exposition over the series with the given labels', () => {
    const text = [
      '# TYPE portal_http_requests_total counter',
      'portal_http_requests_total{method="GET",route="/a",status="200"} 3',
      'portal_http_requests_total{method="GET",route="/a",status="500"} 1',
      'portal_http_requests_total{method="GET",route="/b",status="200"} 5',
      'portal_http_requests_totals{method="GET",route="/a",status="200"} 7',
    ].join('\n');
    expect(counterSum(text, 'portal_http_requests_total', { route: '/a' })).toBe(4);
    expect(counterSum(text, 'portal_http_requests_total', { route: '/a', status: '200' })).toBe(3);
    expect(counterSum(text, 'portal_http_requests_total')).toBe(9);
  });
});
