import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlPageFiles, controlPageSourceHash } from './build.ts';

describe('controlPageSourceHash', () => {
  let root: string;
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  const hash = () => controlPageSourceHash([path.join(root, 'www'), path.join(root, 'package-lock.json')]);

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'control-page-'));
    write('www/index.html', '<div></div>');
    write('www/main.ts', 'export {};');
    write('package-lock.json', '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stays the same when files are only touched', () => {
    const before = hash();
    const future = new Date('2100-01-01T00:00:00Z');
    utimesSync(path.join(root, 'www/main.ts'), future, future);
    expect(hash()).toBe(before);
  });

  it('changes when a source, a dependency or a file name changes', () => {
    const seen = new Set([hash()]);
    write('www/main.ts', 'export const changed = 1;');
    seen.add(hash());
    write('package-lock.json', '{"packages":{}}');
    seen.add(hash());
    rmSync(path.join(root, 'www/main.ts'));
    write('www/entry.ts', 'export const changed = 1;');
    seen.add(hash());
    expect(seen.size).toBe(4);
  });
});

describe('controlPageFiles', () => {
  it('holds the built page with relative asset URLs, each file also gzipped', async () => {
    const files = await controlPageFiles();
    const index = Buffer.from(files.get('index.html') ?? []).toString();
    const assets = [...index.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) {
      expect(asset).toMatch(/^\.\/assets\/[\w-]+\.(js|css)$/);
      expect(files.has(asset.slice(2))).toBe(true);
    }
    for (const [name, content] of files) {
      if (name.endsWith('.gz')) continue;
      expect(gunzipSync(files.get(`${name}.gz`) ?? new Uint8Array()).equals(content)).toBe(true);
    }
  }, 60_000);
});
