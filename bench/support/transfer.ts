/** Large transfers for the tunnel bench: one download and one upload, timed from the request to the last byte. */
import http from 'node:http';

export interface Transfer {
  bytes: number;
  seconds: number;
  /** Decimal megabytes (10^6 bytes) a second. */
  megabytesPerSecond: number;
}

function timed(bytes: number, startedAt: number): Transfer {
  const seconds = (performance.now() - startedAt) / 1000;
  return { bytes, seconds, megabytesPerSecond: bytes / 1e6 / seconds };
}

/** GETs `url`, counting and dropping the body; rejects unless it is a 200 of exactly `expectedBytes`. */
export function download(
  url: string,
  expectedBytes: number,
  headers: Record<string, string> = {},
): Promise<Transfer> {
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.once('error', reject);
      response.once('end', () => {
        if (response.statusCode !== 200 || bytes !== expectedBytes) {
          reject(
            new Error(`download answered ${response.statusCode} with ${bytes} of ${expectedBytes} bytes`),
          );
        } else resolve(timed(bytes, startedAt));
      });
    });
    request.once('error', reject);
  });
}

/** How much of the body is handed to the socket at once, as a browser or slicer streams a file. */
const UPLOAD_SLICE_BYTES = 64 * 1024;

/**
 * POSTs `body` to `url` with its Content-Length (boards need one), streaming it in slices with backpressure;
 * rejects unless the board answers `{"err":0}`.
 */
export function upload(url: string, body: Buffer, headers: Record<string, string> = {}): Promise<Transfer> {
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/octet-stream',
          'content-length': String(body.length),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.once('error', reject);
        response.once('end', () => {
          if (response.statusCode === 200 && text.trim() === '{"err":0}')
            resolve(timed(body.length, startedAt));
          else reject(new Error(`upload answered ${response.statusCode}: ${text.slice(0, 200)}`));
        });
      },
    );
    request.once('error', reject);
    let offset = 0;
    const writeSlices = () => {
      while (offset < body.length) {
        const slice = body.subarray(offset, offset + UPLOAD_SLICE_BYTES);
        offset += slice.length;
        if (!request.write(slice)) {
          request.once('drain', writeSlices);
          return;
        }
      }
      request.end();
    };
    writeSlices();
  });
}
