import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Catalog, catalogPart, SHELL_TEXTS } from './catalog-parts';
import { holds, keysOf, modulesFrom, relative, SRC } from './catalog-scan';
import en from './en.json';
import it_ from './it.json';

const ROUTER = 'app/router.tsx';
const SHELL = 'app/layouts/app-layout.tsx';

/** Each signed-in screen the router loads, with the part of the catalog it loads it with. */
function screensOfRouter(): { part: string; module: string }[] {
  const source = readFileSync(path.join(SRC, ROUTER), 'utf8');
  return [...source.matchAll(/signedInScreen\(\s*'(\w+)',\s*\(\)\s*=>\s*import\('\.\/([^']+)'\)/g)].map(
    ([, part = '', module = '']) => ({ part, module: `app/${module}.tsx` }),
  );
}

/** Every leaf text of `catalog`, by its dot path. */
const leaves = (catalog: unknown, prefix = ''): string[] =>
  typeof catalog === 'object' && catalog !== null
    ? Object.entries(catalog).flatMap(([key, value]) => leaves(value, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

describe("the shell's part of the catalogs", () => {
  const screens = screensOfRouter();
  const shellScreens = screens.filter(({ part }) => part === 'shell').map(({ module }) => module);
  // The shell and the screens loaded with its part alone, through static and dynamic imports, stopping at
  // any other screen.
  const others = screens.filter(({ module }) => !shellScreens.includes(module)).map(({ module }) => module);
  const modules = modulesFrom(
    [SHELL, ...shellScreens],
    others.map((module) => new RegExp(`^${module}$`)),
  );

  it('is what the router loads the fleet and its wall view with, and every other signed-in screen loads more', () => {
    expect(shellScreens.sort()).toEqual(['app/routes/app/machines-wall.tsx', 'app/routes/app/machines.tsx']);
    const router = readFileSync(path.join(SRC, ROUTER), 'utf8');
    // Every signed-in screen the router imports names its part.
    const imported = [...router.matchAll(/import\('\.\/(routes\/app\/[^']+)'\)/g)].map(
      ([, module]) => `app/${module}.tsx`,
    );
    expect(new Set(imported)).toEqual(new Set(screens.map(({ module }) => module)));
    expect(new Set(screens.map(({ part }) => part))).toEqual(new Set(['shell', 'screens']));
  });

  it('holds, with the public part, in both languages, every key the shell and those screens name', () => {
    const names = modules.map(relative);
    expect(names).toContain('features/notifications/components/notification-bell.tsx');
    expect(names).toContain('app/machines/machine-preview-card.tsx');
    const used = keysOf(modules);
    expect(used.map(({ key }) => key)).toContain('fleet.title');
    for (const catalog of [it_, en]) {
      const loaded = { ...catalogPart(catalog, 'public'), ...catalogPart(catalog, 'shell') };
      const missing = used.filter(({ key }) => !holds(loaded, key));
      expect(missing.map(({ file, key }) => `${relative(file)}: ${key}`)).toEqual([]);
    }
  });

  it('and the public and screens parts hold every text of the catalog exactly once', () => {
    for (const catalog of [it_, en] as Catalog[]) {
      const parts = (['public', 'shell', 'screens'] as const).map((part) =>
        leaves(catalogPart(catalog, part)),
      );
      expect(parts.flat().sort()).toEqual(leaves(catalog).sort());
      expect(leaves(catalogPart(catalog, 'shell'))).toContain('tickets.nav');
      expect(leaves(catalogPart(catalog, 'screens'))).not.toContain('tickets.nav');
    }
    expect(SHELL_TEXTS).toContain('fleet');
  });
});
