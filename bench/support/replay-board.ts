/**
 * One HTTP server standing in for the boards of many idle machines: each distinct request is asked once of a
 * real simulated board (idle, its clock stopped), and its answer is replayed to every later asker. A thousand
 * gateways can log in to it and the portal can follow a thousand boards through it, which a real board (at most
 * 8 sessions) could not take.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { BOOT_MS, startBoard } from '@portal/board-sim';

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
  // Past its boot, which its stopped clock would never end: the boards are idle, not starting.
  board.advance(BOOT_MS);
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
  // A thousand gateways connect at once after a failover, each once per request (boards close every connection):
  // Node's default backlog of 511 overflows, and the kernel's dropped connections come back only after the SYN's
  // retransmission (1 s, 3 s, 7 s...), which would be timed as the portal's delay.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await board.close();
    },
  };
}

/**
 * The same replay board in a process of its own, so that a thousand boards' answers take no time from the event
 * loop of the process running the gateways (nor wait for it).
 */
export async function startReplayBoardProcess(): Promise<{
  url: string;
  pid: number;
  close(): Promise<void>;
}> {
  const child = fork(fileURLToPath(import.meta.url), [], { stdio: 'inherit' });
  const [url] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the replay board process exited with ${code}`);
    }),
  ])) as [string];
  return {
    url,
    pid: child.pid as number,
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}

if (import.meta.main) {
  const board = await startReplayBoard();
  process.send?.(board.url);
  // The bench going away (or disconnecting on purpose) ends this process.
  process.once('disconnect', () => void board.close().then(() => process.exit(0)));
}
