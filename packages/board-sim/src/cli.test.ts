import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

let child: ChildProcess;
let output = '';

beforeAll(async () => {
  child = spawn(process.execPath, [CLI, '--boards', '1', '--webcams', '1', '--firmware', '3.5'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await vi.waitFor(() => expect(output).toContain('Running 1 board(s) and 1 webcam(s)'), { timeout: 30_000 });
}, 40_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

function urlOf(kind: 'board' | 'webcam'): string {
  const match = output.match(new RegExp(`^${kind} +(http://\\S+)`, 'm'));
  if (!match?.[1]) throw new Error(`No ${kind} URL in:\n${output}`);
  return match[1];
}

describe('board-sim', () => {
  it('prints the URL of each board and webcam, which answer', async () => {
    const connect = await fetch(`${urlOf('board')}rr_connect?password=&sessionKey=yes`);
    expect(await connect.json()).toMatchObject({ err: 0, apiLevel: 2 });
    const snapshot = await fetch(urlOf('webcam').replace('action=stream', 'action=snapshot'));
    expect(snapshot.headers.get('content-type')).toBe('image/jpeg');
    await snapshot.arrayBuffer();
  });

  it('stops cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(output).toContain('SIGTERM: stopping');
  });
});
