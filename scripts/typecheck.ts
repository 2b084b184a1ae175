/**
 * `npm run typecheck`: each TypeScript program of the repository checked by its own `tsc`, as many at once as the
 * machine has cores, the largest first. One after another they took 77 s on the 2-core CI machine, where the
 * server's program and the tools' (which import the server) are two thirds of it; side by side, about half.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Largest first, so that the small ones fill in beside the large ones. */
const PROGRAMS = [
  'apps/server',
  'tsconfig.tools.json',
  'apps/web',
  'apps/gateway',
  'packages/board-sim',
  'packages/contract',
  'packages/duet',
  'packages/tunnel',
  'packages/board-sim/www',
];

interface Outcome {
  program: string;
  code: number | null;
  output: string;
}

function check(program: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn('tsc', ['-p', program], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code) => resolve({ program, code, output }));
    child.on('error', (error) => resolve({ program, code: 1, output: String(error) }));
  });
}

const queue = [...PROGRAMS];
const outcomes: Outcome[] = [];
async function lane(): Promise<void> {
  for (let program = queue.shift(); program; program = queue.shift()) {
    const outcome = await check(program);
    outcomes.push(outcome);
    process.stdout.write(`${outcome.code === 0 ? 'ok  ' : 'FAIL'} ${program}\n${outcome.output}`);
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), PROGRAMS.length) }, lane));
const failed = outcomes.filter((outcome) => outcome.code !== 0);
if (failed.length > 0) {
  process.stderr.write(`type errors in ${failed.map((outcome) => outcome.program).join(', ')}\n`);
  process.exit(1);
}
