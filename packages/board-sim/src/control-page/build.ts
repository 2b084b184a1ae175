import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REPOSITORY_ROOT = path.resolve(PACKAGE_ROOT, '../..');
const WWW = path.join(PACKAGE_ROOT, 'www');
/** Each build lands in a folder named after the hash of its sources (the folder is git-ignored via `dist/`). */
const OUTPUT_ROOT = path.join(PACKAGE_ROOT, 'dist', 'control-page');

/** Everything the built page is made of: its sources, the build settings in this file, the dependencies. */
const BUILD_INPUTS = [
  path.join(PACKAGE_ROOT, 'www'),
  path.join(PACKAGE_ROOT, 'src', 'control-page', 'board-address.ts'),
  fileURLToPath(import.meta.url),
  path.join(PACKAGE_ROOT, 'package.json'),
  path.join(REPOSITORY_ROOT, 'package-lock.json'),
];

/** Real boards serve these gzipped when a `.gz` sits beside them. */
const COMPRESSIBLE = /\.(html|js|css|svg|json)$/;

function filesUnder(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

/** A hash of the names and contents of the build's inputs: only content counts, never file times. */
export function controlPageSourceHash(inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesUnder)) {
    hash
      .update(`${path.relative(REPOSITORY_ROOT, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function buildInto(outDir: string): Promise<void> {
  // Loaded only when a build is needed: starting a webcam or a board with a current build never pays for Vite.
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: WWW,
    // Relative asset URLs, so the page loads under whatever prefix a proxy puts in front of the board.
    base: './',
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  for (const file of filesUnder(outDir)) {
    if (COMPRESSIBLE.test(file)) writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
  }
}

/**
 * The folder of the current build, building it first when the sources changed. Several processes may ask
 * at once (parallel test files): each builds into a folder of its own and the first to finish names it.
 */
export async function ensureControlPageBuild(): Promise<string> {
  const hash = controlPageSourceHash();
  const target = path.join(OUTPUT_ROOT, hash);
  if (existsSync(path.join(target, 'index.html'))) return target;
  const scratch = path.join(OUTPUT_ROOT, `.building-${randomUUID()}`);
  try {
    await buildInto(scratch);
    try {
      renameSync(scratch, target);
    } catch (error) {
      if (!existsSync(path.join(target, 'index.html'))) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  for (const stale of readdirSync(OUTPUT_ROOT)) {
    if (stale !== hash && !stale.startsWith('.building-')) {
      rmSync(path.join(OUTPUT_ROOT, stale), { recursive: true, force: true });
    }
  }
  return target;
}

let files: Promise<ReadonlyMap<string, Uint8Array>> | null = null;

/**
 * The built control page, keyed by path relative to 0:/www (`index.html`, `index.html.gz`,
 * `assets/index-1a2b3c.js`, …), built once when its sources changed and kept for the process.
 */
export function controlPageFiles(): Promise<ReadonlyMap<string, Uint8Array>> {
  files ??= ensureControlPageBuild().then((folder) => {
    const entries = filesUnder(folder).map((file): [string, Uint8Array] => [
      path.relative(folder, file).split(path.sep).join('/'),
      readFileSync(file),
    ]);
    return new Map(entries);
  });
  files.catch(() => {
    files = null;
  });
  return files;
}
