/** Long-lived GETs held open by the bench: webcam viewers and status-stream listeners. */
import http from 'node:http';

export interface OpenStreams {
  /** Bytes received on all of them so far. */
  bytes(): number;
  close(): void;
}

/**
 * Opens `count` GETs of `url` and resolves once each has answered 200 and sent its first bytes; their bodies are
 * read and counted, like an `<img>` showing MJPEG or an EventSource.
 */
export async function openStreams(url: string, count: number, parallel: number): Promise<OpenStreams> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const requests: http.ClientRequest[] = [];
  let bytes = 0;
  const close = () => {
    for (const request of requests) request.destroy();
    agent.destroy();
  };
  const openOne = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(url, { agent }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`${url} answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          resolve();
        });
        response.on('error', () => undefined); // closed by close()
      });
      request.on('error', reject); // after close() too: settled already, so it changes nothing
      requests.push(request);
    });
  try {
    for (let first = 0; first < count; first += parallel) {
      await Promise.all(Array.from({ length: Math.min(parallel, count - first) }, openOne));
    }
  } catch (error) {
    close();
    throw error;
  }
  return { bytes: () => bytes, close };
}
