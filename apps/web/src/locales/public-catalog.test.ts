import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogPart, PUBLIC_NAMESPACES } from './catalog-parts';
import en from './en.json';
import it_ from './it.json';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const NAMESPACES = new Set(Object.keys(en));

/**
 * What loads with the signed-in part of the catalog (the router awaits both): the shell and the screens
 * behind the login. Everything else a visitor's browser may run must find its texts in the public part.
 */
const SIGNED_IN = [/^app\/layouts\/app-layout\.tsx$/, /^app\/routes\/app\//];

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** The module a relative import names, or undefined for a package or a non-script file. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => base + ending)
    .find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}

/**
 * Every module a visitor can load: from main.tsx, through static and dynamic imports (the public screens
 * are the router's dynamic imports), stopping at the signed-in shell and screens.
 */
function publicModules(): string[] {
  const seen = new Set<string>();
  const queue = [path.join(SRC, 'main.tsx')];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || SIGNED_IN.some((pattern) => pattern.test(relative(file)))) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
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
function keysIn(source: string): string[] {
  const keys: string[] = [];
  for (const [, literal = ''] of source.matchAll(/['"`]([A-Za-z]\w*\.[\w.]*)/g)) {
    const [namespace = ''] = literal.split('.');
    if (NAMESPACES.has(namespace)) keys.push(literal);
  }
  return keys;
}

/** True when `key` (or, for a cut one ending in a dot, its prefix) is in `catalog`. */
function holds(catalog: Record<string, unknown>, key: string): boolean {
  let node: unknown = catalog;
  for (const segment of key.split('.').filter(Boolean)) {
    if (typeof node !== 'object' || node === null || !(segment in node)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return true;
}

describe('the public part of the catalogs', () => {
  const modules = publicModules();

  it('is reached from the entry through the public screens, not the signed-in ones', () => {
    const names = modules.map(relative);
    expect(names).toContain('app/routes/public/login.tsx');
    expect(names).toContain('features/operator/components/site-footer.tsx');
    expect(names).not.toContain('app/layouts/app-layout.tsx');
    expect(names.some((name) => name.startsWith('app/routes/app/'))).toBe(false);
  });

  it('holds, in both languages, every key a module a visitor loads names', () => {
    const used = modules.flatMap((file) => keysIn(readFileSync(file, 'utf8')).map((key) => ({ file, key })));
    expect(used.map(({ key }) => key)).toContain('login.title');
    for (const catalog of [it_, en]) {
      const part = catalogPart(catalog, 'public');
      const missing = used.filter(({ key }) => !holds(part, key));
      expect(missing.map(({ file, key }) => `${relative(file)}: ${key}`)).toEqual([]);
    }
  });

  it('leaves the signed-in screens their own namespaces', () => {
    const part = catalogPart(it_, 'signed-in');
    expect(Object.keys(part)).toContain('tickets');
    for (const namespace of PUBLIC_NAMESPACES) expect(part).not.toHaveProperty(namespace);
    expect(Object.keys(catalogPart(it_, 'public')).length + Object.keys(part).length).toBe(NAMESPACES.size);
  });
});
