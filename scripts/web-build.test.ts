import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertProductionBundle, isBuildCurrent, sourceHash } from './web-build.ts';

let root: string;
const write = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};
/** A build of the sources as they are now, as ensureWebBuild leaves it. */
const build = () => {
  write('apps/web/dist/index.html', '<!doctype html>');
  write('apps/web/dist/.source-hash', `${sourceHash(root)}\n`);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'web-build-'));
  write('apps/web/src/main.tsx', 'export const main = 1;');
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/web/package.json', '{"name":"@portal/web"}');
  write('packages/contract/src/index.ts', 'export const LIMITS = {};');
  write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('isBuildCurrent', () => {
  it('asks for a build when there is none, or when it carries no source hash', () => {
    expect(isBuildCurrent(root)).toBe(false);
    write('apps/web/dist/index.html', '<!doctype html>');
    expect(isBuildCurrent(root)).toBe(false);
    build();
    expect(isBuildCurrent(root)).toBe(true);
  });

  it('keeps a build whose sources were touched but not changed, even when the build looks older', () => {
    build();
    const past = new Date('2020-01-01T00:00:00Z');
    utimesSync(path.join(root, 'apps/web/dist/index.html'), past, past);
    write('apps/web/src/main.tsx', 'export const main = 1;');
    expect(isBuildCurrent(root)).toBe(true);
  });

  it('rebuilds when a source, the lock file or the web package changes, whatever the times say', () => {
    const future = new Date('2100-01-01T00:00:00Z');
    for (const [file, content] of [
      ['apps/web/src/main.tsx', 'export const main = 2;'],
      ['apps/web/src/new-screen.tsx', 'export {};'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
      ['apps/web/package.json', '{"name":"@portal/web","version":"1"}'],
      ['packages/contract/src/index.ts', 'export const LIMITS = { x: 1 };'],
    ] as const) {
      build();
      utimesSync(path.join(root, 'apps/web/dist/index.html'), future, future);
      write(file, content);
      expect(isBuildCurrent(root), file).toBe(false);
    }
  });

  it('rebuilds when a source is renamed with the same content', () => {
    build();
    rmSync(path.join(root, 'apps/web/src/main.tsx'));
    write('apps/web/src/entry.tsx', 'export const main = 1;');
    expect(isBuildCurrent(root)).toBe(false);
  });
});

describe('assertProductionBundle', () => {
  it('refuses a bundle with the development JSX runtime and accepts a production one', () => {
    write('dist/assets/index-a1.js', 'const e=jsxDEV("div",{});');
    expect(() => assertProductionBundle(path.join(root, 'dist'))).toThrow(/development build.*jsxDEV/);
    write('dist/assets/index-a1.js', 'const e=jsx("div",{});');
    expect(() => assertProductionBundle(path.join(root, 'dist'))).not.toThrow();
  });
});
