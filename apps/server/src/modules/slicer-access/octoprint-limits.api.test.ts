import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoClient } from '../../test/demo-lookup.ts';
import { useRecordingBoard } from '../../test/fake-gateway.ts';
import { octoPrintFormParts } from '../../test/octoprint-form.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

const LIMIT = 64 * 1024;

interface Portal {
  t: TestApp;
  controllerId: number;
  origin: URL;
  spoolDir: string;
  apiKey: string;
}

async function startPortal(maxBytes: number): Promise<Portal> {
  const spoolDir = await mkdtemp(path.join(tmpdir(), 'portal-spool-test-'));
  const t = await createTestApp({ uploads: { maxBytes, spoolDir } });
  const controllerId = (await demoClient(t).group('Prusa linea 1')).computerControllerId;
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/v1/customer/printer/duet/${controllerId}/token`,
    headers: bearer(await t.tokenFor('customer@demo.test')),
    payload: { can_connect: true, can_upload_files: true, full_control: false },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const origin = new URL(
    `http://127.0.0.1:${port}/customer/api/v1/octoprint/${controllerId}/api/files/local`,
  );
  return { t, controllerId, origin, spoolDir, apiKey: created.json().api_token };
}

/**
 * The board of a describe block's portal (which the block's `beforeAll` starts): it reads each request whole and
 * answers `{"err":0}`. Made after the block's `afterAll(stopPortal)`, so that it is disconnected (after hooks run
 * last-registered first) before the app closes.
 */
const boardOf = (portal: () => Portal) =>
  useRecordingBoard({
    get modules() {
      return portal().t.modules;
    },
  });

async function stopPortal(portal: Portal | undefined): Promise<void> {
  if (!portal) return;
  await portal.t.close();
  await rm(portal.spoolDir, { recursive: true, force: true });
}

const FORM = octoPrintFormParts('big.gcode');
const FORM_HEAD = Buffer.from(FORM.head);
const FORM_TAIL = Buffer.from(FORM.tail);
const G_CODE = Buffer.from('G1 X10 Y10\n'.repeat(1490)); // 16 390 bytes

interface Answer {
  status: number;
  body: string;
}

/**
 * Sends an upload of `chunks` G-code chunks: declared with its Content-Length (or `declared` instead), or
 * chunked. Each chunk goes once the previous one is written; sending stops as soon as an answer arrives.
 */
function upload(
  portal: Portal,
  { chunks, chunked = false, declared }: { chunks: number; chunked?: boolean; declared?: number },
): Promise<Answer> {
  const length = FORM_HEAD.length + chunks * G_CODE.length + FORM_TAIL.length;
  return new Promise((resolve, reject) => {
    const request = http.request(portal.origin, {
      method: 'POST',
      headers: {
        'x-api-key': portal.apiKey,
        'content-type': FORM.contentType,
        ...(!chunked && { 'content-length': String(declared ?? length) }),
      },
    });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString() }),
      );
      response.on('error', reject);
    });
    // The server may close the connection while this side still writes: the answer is what counts.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    let sent = 0;
    const next = () => {
      if (answered) return;
      if (sent === chunks) {
        if (declared === undefined) request.end(FORM_TAIL);
        return;
      }
      sent += 1;
      request.write(G_CODE, next);
    };
    request.write(FORM_HEAD, next);
  });
}

const codeOf = (answer: Answer) => errorBodySchema.parse(JSON.parse(answer.body)).code;

describe(`OctoPrint uploads limited to ${LIMIT} bytes`, () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal(LIMIT);
    await board.connect(portal.controllerId);
  });
  afterAll(() => stopPortal(portal));
  const board = boardOf(() => portal);

  it('takes an upload within the limit, and leaves nothing spooled', async () => {
    board.forget();
    const answer = await upload(portal, { chunks: 2 });
    expect(answer.status, answer.body).toBe(201);
    expect(board.received).toHaveLength(1);
    // The spool is deleted once the answer has gone.
    await vi.waitFor(async () => expect(await readdir(portal.spoolDir)).toEqual([]));
  });

  it('refuses a body declared larger with 413 before reading it', async () => {
    board.forget();
    // Only the head and one chunk are ever sent: the answer cannot wait for the rest.
    const answer = await upload(portal, { chunks: 1, declared: 10 * LIMIT });
    expect(answer.status).toBe(413);
    expect(codeOf(answer)).toBe('PAYLOAD_TOO_LARGE');
    expect(board.received).toEqual([]);
    expect(await readdir(portal.spoolDir)).toEqual([]);
  });

  it('stops a chunked body once it passes the limit with 413, and deletes what was spooled', async () => {
    board.forget();
    const answer = await upload(portal, { chunks: 64, chunked: true });
    expect(answer.status).toBe(413);
    expect(codeOf(answer)).toBe('PAYLOAD_TOO_LARGE');
    expect(board.received).toEqual([]);
    expect(await readdir(portal.spoolDir)).toEqual([]);
  });
});

describe('OctoPrint uploads larger than the free disk space', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal(Number.MAX_SAFE_INTEGER);
    await board.connect(portal.controllerId);
  });
  afterAll(() => stopPortal(portal));
  const board = boardOf(() => portal);

  it('are refused with 507 before a byte is spooled', async () => {
    // 1 PiB: within the limit, beyond any disk this runs on.
    const answer = await upload(portal, { chunks: 1, declared: 2 ** 50 });
    expect(answer.status).toBe(507);
    expect(codeOf(answer)).toBe('INSUFFICIENT_STORAGE');
    expect(await readdir(portal.spoolDir)).toEqual([]);
  });
});
