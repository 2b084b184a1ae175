/**
 * What the catalog tests read from the web app's sources: the modules a page can load, following relative
 * imports, and the catalog keys a module names. Used by the tests only (public-catalog.test.ts,
 * shell-catalog.test.ts), which check that each part of the catalog holds the keys of the modules loaded with it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from './en.json';

/** The web app's src/ folder. */
export const SRC = fileURLToPath(new URL('..', import.meta.url));
const NAMESPACES = new Set(Object.keys(en));

/** A module's path from src/, with forward slashes ('app/router.tsx'). */
export const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** The module a relative import names, or undefined for a package or a non-script file. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => base + ending)
    .find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}

/**
 * Every module that can load from `entries` (paths from src/), through static and dynamic imports, stopping
 * at the modules `stop` matches (by their path from src/): absolute paths, sorted.
 */
export function modulesFrom(entries: string[], stop: RegExp[]): string[] {
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.join(SRC, entry));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || stop.some((pattern) => pattern.test(relative(file)))) continue;
    seen.add(file);
    // A type-only import loads nothing.
    const source = readFileSync(file, 'utf8').replace(/^(?:import|export) type [^;]*;/gm, '');
    for (const [, specifier = ''] of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const target = resolveImport(file, specifier);
      if (target) queue.push(target);
    }
  }
  return [...seen].sort();
}

/**
 * The catalog keys a module names: each string or template literal that starts with a namespace of the
 * catalog and a dot ('login.title', `errors.${code}`), cut at the first interpolation.
 */
export function keysIn(source: string): string[] {
  const keys: string[] = [];
  for (const [, literal = ''] of source.matchAll(/['"`]([A-Za-z]\w*\.[\w.]*)/g)) {
    const [namespace = ''] = literal.split('.');
    if (NAMESPACES.has(namespace)) keys.push(literal);
  }
  return keys;
}

/** Each key the modules name, with the module naming it. */
export const keysOf = (modules: string[]) =>
  modules.flatMap((file) => keysIn(readFileSync(file, 'utf8')).map((key) => ({ file, key })));

/**
 * True when `key` (or, for a cut one ending in a dot, its prefix) is in `catalog`; a counted text is there in
 * its plural forms ('sectionCount' as 'sectionCount_one', 'sectionCount_other').
 */
export function holds(catalog: Record<string, unknown>, key: string): boolean {
  const segments = key.split('.').filter(Boolean);
  const last = segments.pop() ?? '';
  let node: unknown = catalog;
  for (const segment of segments) {
    if (typeof node !== 'object' || node === null || !(segment in node)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  if (typeof node !== 'object' || node === null) return false;
  return last in node || Object.keys(node).some((name) => name.startsWith(`${last}_`));
}
