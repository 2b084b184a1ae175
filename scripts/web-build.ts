import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = 'apps/web/dist';
/** Written beside the build: the hash of the sources it was built from. Vite empties the folder on each build. */
const HASH_FILE = path.join(DIST, '.source-hash');

/** Everything the built app is made of, relative to the repository root. */
export const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** Strings only React's development build and the development JSX runtime contain. */
const DEVELOPMENT_MARKERS = ['jsxDEV', 'Invalid hook call'];

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.posix.join(entry, name)));
}

/** A hash of the names and contents of the build's inputs: times do not count, only content does. */
export function sourceHash(root = ROOT): string {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap((entry) => filesUnder(root, entry))) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** True when the build exists and was made from the sources as they are now. */
export function isBuildCurrent(root = ROOT): boolean {
  const hashFile = path.join(root, HASH_FILE);
  if (!existsSync(path.join(root, DIST, 'index.html')) || !existsSync(hashFile)) return false;
  return readFileSync(hashFile, 'utf8').trim() === sourceHash(root);
}

/** Throws when a built script is React's development build (as a leaked NODE_ENV=test produces). */
export function assertProductionBundle(outDir: string): void {
  const scripts = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.js'),
  );
  if (scripts.length === 0) throw new Error(`No scripts in the web build at ${outDir}`);
  for (const script of scripts) {
    const text = readFileSync(path.join(outDir, script), 'utf8');
    const marker = DEVELOPMENT_MARKERS.find((candidate) => text.includes(candidate));
    if (marker) throw new Error(`The web build is a development build: ${script} contains "${marker}"`);
  }
}

/**
 * A production build, whatever the caller's environment: vitest sets NODE_ENV=test, and Vite would
 * otherwise ship React's development build with it.
 */
export function runProductionBuild(outDir = path.join(ROOT, DIST)): void {
  // Vite's hundreds of lines of output are shown only when the build fails (in the thrown error).
  execFileSync(
    'npm',
    [
      'run',
      'build',
      '--workspace',
      '@portal/web',
      '--',
      '--mode',
      'production',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: ROOT, stdio: 'pipe', env: { ...process.env, NODE_ENV: 'production' } },
  );
  assertProductionBundle(outDir);
}

/** Builds the SPA when it is missing or its sources changed, so `npm start` and the e2e tests serve the current code. */
export function ensureWebBuild(): void {
  if (isBuildCurrent()) {
    assertProductionBundle(path.join(ROOT, DIST));
    return;
  }
  // Hashed before building: a source edited during the build makes the next start build again.
  const hash = sourceHash();
  const started = performance.now();
  process.stdout.write('Building the web app… ');
  try {
    runProductionBuild();
  } catch (error) {
    process.stdout.write('failed\n');
    throw buildFailure(error);
  }
  writeFileSync(path.join(ROOT, HASH_FILE), `${hash}\n`);
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The build's own output, which says what went wrong, as the error's message. */
function buildFailure(error: unknown): Error {
  const output = (error as { stdout?: Buffer; stderr?: Buffer }) ?? {};
  const text = [output.stdout, output.stderr].map((part) => part?.toString('utf8') ?? '').join('');
  return new Error(`The web app did not build:\n${text}`, { cause: error });
}
