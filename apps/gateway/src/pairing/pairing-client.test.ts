import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAIRING_PATH, PAIRING_STATUS_PATH } from '@portal/tunnel';
import { afterEach, describe, expect, it } from 'vitest';
import { pairingBanner } from './banner.ts';
import { pairGateway, portalUrl } from './pairing-client.ts';
import { saveCredentials } from './saved-config.ts';

/**
 * A portal on loopback that answers by request: a code per key hash (a new one once the test expires the last), and
 * the status of a code to the key whose hash asked for it.
 */
function fakePortal() {
  const codes = new Map<string, { keyHash: string; claimed: boolean; expired: boolean }>();
  let issued = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const json = JSON.parse(body) as Record<string, string>;
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.url === `/prefix${PAIRING_PATH}`) {
        issued += 1;
        const code = `CODE-000${issued}`;
        codes.set(code, { keyHash: json.keyHash as string, claimed: false, expired: false });
        return answer(201, { code, expiresAt: '2026-01-05T10:10:00.000Z' });
      }
      if (request.url === `/prefix${PAIRING_STATUS_PATH}`) {
        const entry = codes.get(json.code as string);
        const keyHash = createHash('sha256')
          .update(json.key as string)
          .digest('hex');
        if (!entry || entry.expired || entry.keyHash !== keyHash)
          return answer(404, { message: 'not found' });
        return answer(
          200,
          entry.claimed
            ? { state: 'paired', controller: 42, board: 'http://10.0.0.5', webcam: null }
            : { state: 'waiting', expiresAt: '2026-01-05T10:10:00.000Z' },
        );
      }
      return answer(404, { message: 'no such route' });
    });
  });
  return { server, codes };
}

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listening() {
  const portal = fakePortal();
  open.push(portal.server);
  await new Promise<void>((resolve) => portal.server.listen(0, '127.0.0.1', resolve));
  return { ...portal, url: `ws://127.0.0.1:${(portal.server.address() as AddressInfo).port}/prefix/` };
}

describe('pairing from the gateway', () => {
  it('builds the portal’s HTTP addresses from any spelling of the setting', () => {
    expect(portalUrl('wss://portal.example.com/base/', '/api/v1/x')).toBe(
      'https://portal.example.com/base/api/v1/x',
    );
    expect(portalUrl('http://127.0.0.1:8080', '/api/v1/x')).toBe('http://127.0.0.1:8080/api/v1/x');
  });

  it('shows a code, shows a new one when it expires unclaimed, and ends with what the claim said', async () => {
    const portal = await listening();
    const shown: string[] = [];
    const credentials = await pairGateway({
      server: portal.url,
      version: '0.1.0',
      pollMs: 5,
      onCode: ({ code }) => {
        shown.push(code);
        const entry = portal.codes.get(code);
        if (!entry) return;
        // The first code runs out unclaimed; the second is claimed.
        if (shown.length === 1) entry.expired = true;
        else entry.claimed = true;
      },
    });
    expect(shown).toEqual(['CODE-0001', 'CODE-0002']);
    expect(credentials).toMatchObject({ controller: 42, board: 'http://10.0.0.5', webcam: null });
    expect(credentials.key).toMatch(/^[\w-]{43}$/);
    expect(portal.codes.get('CODE-0002')?.keyHash).toBe(
      createHash('sha256').update(credentials.key).digest('hex'),
    );
  });

  it('rides out an unreachable portal, and stops when told', async () => {
    const problems: string[] = [];
    const stopped = new AbortController();
    const pairing = pairGateway({
      server: 'http://127.0.0.1:1',
      version: '0.1.0',
      signal: stopped.signal,
      onCode: () => undefined,
      onProblem: (message) => {
        problems.push(message);
        stopped.abort(new Error('stopped'));
      },
      sleep: async (_ms, signal) => signal?.throwIfAborted(),
    });
    await expect(pairing).rejects.toThrow('stopped');
    expect(problems[0]).toContain('cannot be reached');
  });

  it('frames the code for the console', () => {
    const banner = pairingBanner(
      { code: 'ABCD-EFGH', expiresAt: '2026-01-05T10:10:00.000Z' },
      new Date('2026-01-05T10:00:00.000Z'),
    );
    expect(banner).toContain('Pairing code:  ABCD-EFGH');
    expect(banner).toContain('expires in 10 minutes');
  });
});

describe('saving the credentials', () => {
  it('keeps the file’s other settings, writes the new ones, and leaves it readable by its owner alone', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'gateway-pairing-'));
    try {
      const file = path.join(folder, 'config.json');
      await writeFile(
        file,
        JSON.stringify({ server: 'https://old.example.com', logLevel: 'debug', webcam: 'http://x' }),
      );
      await saveCredentials(file, 'https://portal.example.com', {
        controller: 42,
        key: 'k'.repeat(43),
        board: 'http://10.0.0.5',
        webcam: null,
      });
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
        server: 'https://portal.example.com',
        logLevel: 'debug',
        controller: 42,
        key: 'k'.repeat(43),
        board: 'http://10.0.0.5',
      });
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
