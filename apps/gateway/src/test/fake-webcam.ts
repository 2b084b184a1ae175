import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const BOUNDARY = 'boundarydonotcross';
/** Not a real picture: enough bytes that start like a JPEG for the relay, which never looks inside. */
const FRAME = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.alloc(2_000, 0x42),
  Buffer.from([0xff, 0xd9]),
]);

/** An mjpg-streamer stand-in: `/?action=stream` and `/?action=snapshot` matched on the raw request line. */
export class FakeWebcam {
  readonly requestLines: string[] = [];
  #openStreams = 0;
  readonly #server = http.createServer((request, response) => {
    this.requestLines.push(request.url ?? '');
    if (request.url === '/?action=snapshot') {
      response.writeHead(200, { 'Content-type': 'image/jpeg', Connection: 'close' });
      response.end(FRAME);
      return;
    }
    if (request.url !== '/?action=stream') {
      response.writeHead(404).end();
      return;
    }
    this.#openStreams++;
    response.writeHead(200, {
      'Content-Type': `multipart/x-mixed-replace;boundary=${BOUNDARY}`,
      Connection: 'close',
      'Cache-Control': 'no-store, no-cache, must-revalidate, pre-check=0, post-check=0, max-age=0',
    });
    response.write(`--${BOUNDARY}\r\n`);
    const timer = setInterval(() => {
      response.write(`Content-Type: image/jpeg\r\nContent-Length: ${FRAME.length}\r\n\r\n`);
      response.write(FRAME);
      response.write(`\r\n--${BOUNDARY}\r\n`);
    }, 10);
    response.on('close', () => {
      clearInterval(timer);
      this.#openStreams--;
    });
  });

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Stream connections open right now. */
  get openStreams(): number {
    return this.#openStreams;
  }

  async listen(): Promise<this> {
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    return this;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    this.#server.close();
  }
}
