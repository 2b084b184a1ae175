/**
 * The test suite on a loaded machine: one CPU-bound process keeps a core busy the whole time while the suite runs
 * `RUNS` times in a row (default 3), each run's time and result printed, exit 1 at the first failed run. Tests must
 * hold on a machine doing other work (docs/design.md §8); this is how that is checked. Arguments after `--` go to
 * `npm test` (`npm run test:under-load -- --project unit` loads only the unit tests).
 */
import { spawn, spawnSync } from 'node:child_process';

const runs = Number(process.env.RUNS ?? 3);
const passThrough = process.argv.slice(2);

// A busy loop in a process of its own: the scheduler gives it a whole core, as another job on the machine would.
const hog = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
const stopHog = () => hog.kill('SIGKILL');
process.once('exit', stopHog);

let failed = false;
for (let run = 1; run <= runs && !failed; run++) {
  const started = Date.now();
  const result = spawnSync('npm', ['test', '--', ...passThrough], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  failed = result.status !== 0;
  console.log(`\nunder load, run ${run} of ${runs}: ${failed ? 'FAILED' : 'passed'} in ${seconds} s`);
}
stopHog();
process.exitCode = failed ? 1 : 0;
