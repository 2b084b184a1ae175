import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBoard, startBoard } from '../board.ts';
import { BOOT_MS } from '../machine/machine.ts';
import { rawExchange, rawGet } from '../test/http.ts';

let board: RunningBoard;

beforeAll(async () => {
  board = await startBoard({ autoAdvance: false });
  board.advance(BOOT_MS);
});
afterAll(() => board.close());

describe('a standalone board answers like RepRapFirmware', () => {
  it('sends JSON with no-cache headers, a length and Connection: close, and nothing else', async () => {
    const response = await rawGet(board.port, '/rr_model?key=state.status');
    expect(response.status).toBe(200);
    expect(response.body).toBe('{"key":"state.status","flags":"","result":"idle"}');
    expect(Object.fromEntries(response.headers)).toEqual({
      'cache-control': 'no-cache, no-store, must-revalidate',
      pragma: 'no-cache',
      expires: '0',
      'content-type': 'application/json',
      'content-length': String(response.body.length),
      connection: 'close',
    });
  });

  it('treats rr_ only at the start of the path as a request, anywhere else as a web page', async () => {
    const page = await rawGet(board.port, '/foo/rr_connect?password=');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html');
  });

  it('accepts an absolute-form target as a proxy sends it', async () => {
    const response = await rawGet(board.port, 'http://printer.local/rr_model?key=state.status');
    expect(response.body).toContain('"result":"idle"');
  });

  it('answers OPTIONS with 204 and the allowed methods', async () => {
    const response = await rawExchange(board.port, 'OPTIONS /rr_model HTTP/1.1\r\nHost: b\r\n\r\n');
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('OPTIONS, GET, POST');
  });

  it('rejects other methods and POSTs other than rr_upload with a 500 HTML page and no content type', async () => {
    for (const method of ['PUT', 'DELETE', 'HEAD', 'PATCH']) {
      const response = await rawExchange(board.port, `${method} /rr_model HTTP/1.1\r\nHost: b\r\n\r\n`);
      expect(response.status).toBe(500);
      expect(response.reason).toBe('Unknown message type or not authenticated');
    }
    await rawGet(board.port, '/rr_connect?password=');
    const post = await rawExchange(
      board.port,
      'POST /rr_gcode?gcode=M115 HTTP/1.1\r\nHost: b\r\nContent-Length: 0\r\n\r\n',
    );
    expect(post.status).toBe(500);
    expect(post.reason).toBe('only rr_upload is supported for POST requests');
    expect(post.headers.get('content-type')).toBeUndefined();
    expect(post.headers.get('connection')).toBe('close');
    expect(post.body).toContain(
      'Your Duet rejected the HTTP request: only rr_upload is supported for POST requests',
    );
  });

  it('rejects lower-case escapes, escaped keys and a sixth parameter as its parser does', async () => {
    expect((await rawGet(board.port, '/rr_download?name=0%3a/sys/config.g')).reason).toBe('bad escape');
    expect((await rawGet(board.port, '/rr_download?name=0%3A/sys/config.g')).status).toBe(200);
    expect((await rawGet(board.port, '/rr_download?na%6De=x')).reason).toBe('bad qualifier key');
    expect((await rawGet(board.port, '/rr_model?a=1&b=2&c=3&d=4&key=state')).status).toBe(200);
    const six = await rawGet(board.port, '/rr_model?a=1&b=2&c=3&d=4&e=5&key=state');
    expect(six.status).toBe(500);
    expect(six.reason).toBe('too many keys in qualifier');
  });

  it('rejects a request head over 1460 bytes and more than 29 headers', async () => {
    const fits = await rawGet(board.port, '/rr_model?key=state.status', { 'X-Padding': 'x'.repeat(1300) });
    expect(fits.status).toBe(200);
    const long = await rawGet(board.port, '/rr_model?key=state.status', { 'X-Padding': 'x'.repeat(1460) });
    expect(long.status).toBe(500);
    expect(long.reason).toBe('overflow');
    const many = Object.fromEntries(Array.from({ length: 29 }, (_, index) => [`X-H${index}`, '1']));
    expect((await rawGet(board.port, '/rr_model?key=state.status', many)).status).toBe(500);
  });

  it('answers an unknown rr_ request with 500 "Unknown request"', async () => {
    const response = await rawGet(board.port, '/rr_frobnicate');
    expect(response.status).toBe(500);
    expect(response.reason).toBe('Unknown request');
  });

  it('never sends 100 Continue, and reads the upload body anyway', async () => {
    await rawGet(board.port, '/rr_connect?password=');
    const response = await rawExchange(
      board.port,
      'POST /rr_upload?name=0:/gcodes/expect.gcode HTTP/1.1\r\nHost: b\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nG28',
    );
    expect(response.raw).not.toContain('100 Continue');
    expect(response.body).toBe('{"err":0}');
  });
});

describe('web files of 0:/www', () => {
  it('serves index.html for the root and for missing paths without a dot', async () => {
    for (const path of ['/', '/machine/settings', '/index.html']) {
      const response = await fetch(`${board.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('simulated Duet board');
    }
  });

  it('prefers a .gz variant and sends it gzip-encoded with the type of the plain name', async () => {
    const { gzipSync } = await import('node:zlib');
    board.sd.write('0:/www/js/app.js', new TextEncoder().encode('plain'));
    board.sd.write('0:/www/js/app.js.gz', gzipSync('zipped'));
    const raw = await rawGet(board.port, '/js/app.js');
    expect(raw.headers.get('content-encoding')).toBe('gzip');
    expect(raw.headers.get('content-type')).toBe('application/javascript');
    expect(raw.headers.get('cache-control')).toBeUndefined();
    expect(await (await fetch(`${board.url}/js/app.js`)).text()).toBe('zipped');
  });

  it('answers a missing file with a dot with 404, and a missing HTML page with 404.html when present', async () => {
    const missing = await rawGet(board.port, '/css/missing.css');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('page not found');
    board.sd.write('0:/www/404.html', new TextEncoder().encode('custom not found'));
    const page = await fetch(`${board.url}/gone.html`);
    expect(await page.text()).toBe('custom not found');
  });
});
