import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { haproxyConfigFor } from '../test-kit/deployment.ts';

/**
 * deploy/haproxy.cfg, given a deployment's ports, checked by HAProxy itself: here rather than beside the unit
 * tests of test-kit/deployment.ts, which need nothing but Node.js (`npm run test:quick`).
 */
it('is a configuration HAProxy accepts (Debian: apt-get install -y haproxy)', async () => {
  const template = await readFile(new URL('../deploy/haproxy.cfg', import.meta.url), 'utf8');
  const ports = { portal: 18080, machines: 18081, stats: 18404 };
  const instances = [
    { portal: 18001, machine: 19001 },
    { portal: 18002, machine: 19002 },
  ];
  const folder = await mkdtemp(path.join(tmpdir(), 'haproxy-check-'));
  try {
    const file = path.join(folder, 'haproxy.cfg');
    await writeFile(file, haproxyConfigFor(template, ports, instances));
    const haproxy = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
    await expect(promisify(execFile)(haproxy, ['-c', '-f', file])).resolves.toBeDefined();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
