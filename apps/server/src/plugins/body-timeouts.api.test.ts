import http from 'node:http';
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/api-test.ts';
import { demoClient } from '../test/demo-lookup.ts';
import { useRecordingBoard } from '../test/fake-gateway.ts';
import { octoPrintFormParts } from '../test/octoprint-form.ts';

const t = useTestApp();
/** A board that reads each request whole and answers `{"err":0}`. */
const board = useRecordingBoard(t);
let port = 0;
let uploadPath = '';
let apiKey = '';

beforeAll(async () => {
  const controllerId = (await demoClient(t).group('Prusa linea 1')).computerControllerId;
  await board.connect(controllerId);
  apiKey = await t.slicerToken('customer@demo.test', controllerId);
  uploadPath = `/customer/api/v1/octoprint/${controllerId}/api/files/local`;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});

const FORM = octoPrintFormParts('slow.gcode');

/**
 * Sends the head of a request and then one byte of its body for every 10 s of the app's clock, as the probe did;
 * resolves once the server has cut the connection.
 */
async function trickle(head: string): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  const closed = new Promise((resolve) => socket.once('close', resolve));
  let open = true;
  socket.once('close', () => {
    open = false;
  });
  await new Promise((resolve) => socket.write(head, resolve));
  // The server's check looks every second; each byte only buys a millisecond beyond the 30 s grace. The body is
  // never completed (both declare 100 000 bytes more than this sends at most).
  for (let i = 0; open && i < 10_000; i++) {
    await new Promise((resolve) => socket.write('x', resolve));
    t.clock.advance(10_000);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await closed;
}

describe('request bodies that come too slowly', () => {
  it('end a JSON call whose body trickles in', async () => {
    await trickle(
      'POST /api/v1/auth HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
  });

  it('end an OctoPrint upload whose body trickles in', async () => {
    // The form's head, then a body that never ends.
    await trickle(
      `POST ${uploadPath} HTTP/1.1\r\nHost: portal\r\nX-Api-Key: ${apiKey}\r\n` +
        `Content-Type: ${FORM.contentType}\r\nContent-Length: ${Buffer.byteLength(FORM.head) + 100_000}\r\n\r\n` +
        FORM.head,
    );
  });
});

describe('request bodies that keep coming', () => {
  it('still take a large upload that lasts minutes at a steady speed', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'G1 X1\n');
    // 10 MiB at 64 KiB per second of the app's clock: 160 s in all, far beyond the 30 s any body gets.
    const chunks = 160;
    const { head, tail, contentType } = FORM;
    const length = Buffer.byteLength(head) + chunks * chunk.length + Buffer.byteLength(tail);
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: uploadPath,
        headers: {
          'x-api-key': apiKey,
          'content-type': contentType,
          'content-length': String(length),
        },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      let sent = 0;
      const next = () => {
        t.clock.advance(1000);
        if (sent === chunks) {
          request.end(tail);
          return;
        }
        sent += 1;
        request.write(chunk, next);
      };
      request.write(head, next);
    });
    expect(status).toBe(201);
  });
});
