/**
 * One HTTP server standing in for the boards of many idle machines: each distinct request is asked once of a
 * real simulated board (idle, its clock stopped), and its answer is replayed to every later asker. A thousand
 * gateways can log in to it and the portal can follow a thousand boards through it, which a real board (at most
 * 8 sessions) could not take.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBoard } from '@portal/board-sim';

interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** The same request asked at another second is the same request: `time` is dropped from the replay key. */
function replayKey(url: string): string {
  const parsed = new URL(url, 'http://board');
  parsed.searchParams.delete('time');
  return `${parsed.pathname}?${parsed.searchParams}`;
}

export async function startReplayBoard(): Promise<{ url: string; close(): Promise<void> }> {
  const board = await startBoard({ firmware: '3.6', initial: 'idle', autoAdvance: false });
  const answers = new Map<string, Promise<Answer>>();
  const ask = async (url: string): Promise<Answer> => {
    const response = await fetch(`${board.url}${url}`);
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? 'application/json',
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    const key = replayKey(url);
    let answer = answers.get(key);
    if (!answer) {
      answer = ask(url);
      answers.set(key, answer);
      answer.catch(() => answers.delete(key)); // asked again next time
    }
    request.resume();
    answer.then(
      ({ status, contentType, body }) => {
        // As a board answers: every connection closes after its answer.
        response.writeHead(status, { 'content-type': contentType, connection: 'close' }).end(body);
      },
      () => response.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await board.close();
    },
  };
}
