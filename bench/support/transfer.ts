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

/**
 * `bytes` of G-code as a slicer writes it (extruding moves with a comment now and then), for an upload into
 * 0:/gcodes: the customer path checks such a file line by line as it streams through (docs/board-access.md), so
 * random bytes would be refused. Built from one mebibyte repeated; `bytes` must be a whole number of mebibytes.
 */
export function gcodeFile(bytes: number): Buffer {
  const block = 1024 * 1024;
  if (bytes % block !== 0) throw new RangeError('a G-code file of whole mebibytes only');
  const lines: string[] = [];
  let length = 0;
  for (let index = 0; length < block - 200; index++) {
    const x = (100 + 80 * Math.sin(index / 50)).toFixed(3);
    const y = (100 + 80 * Math.cos(index / 70)).toFixed(3);
    const line =
      index % 100 === 0 ? `;LAYER:${index / 100}\nG1 Z${(0.2 + index / 500).toFixed(2)} F600\n` : '';
    const move = `${line}G1 X${x} Y${y} E${(0.02 + (index % 7) / 1000).toFixed(5)} F1800\n`;
    lines.push(move);
    length += move.length;
  }
  // A last comment line makes the block exactly one mebibyte, ending with its line.
  lines.push(`;${'-'.repeat(block - length - 2)}\n`);
  const one = Buffer.from(lines.join(''), 'latin1');
  return Buffer.concat(Array.from({ length: bytes / block }, () => one));
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
