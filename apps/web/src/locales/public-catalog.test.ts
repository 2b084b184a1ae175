import { describe, expect, it } from 'vitest';
import { catalogPart, PUBLIC_NAMESPACES } from './catalog-parts';
import { holds, keysOf, modulesFrom, relative } from './catalog-scan';
import en from './en.json';
import it_ from './it.json';

/**
 * What loads with the signed-in parts of the catalog (the router awaits them): the shell and the screens
 * behind the login. Everything else a visitor's browser may run must find its texts in the public part.
 */
const SIGNED_IN = [/^app\/layouts\/app-layout\.tsx$/, /^app\/routes\/app\//];

describe('the public part of the catalogs', () => {
  // From the entry, through static and dynamic imports (the public screens are the router's dynamic imports).
  const modules = modulesFrom(['main.tsx'], SIGNED_IN);

  it('is reached from the entry through the public screens, not the signed-in ones', () => {
    const names = modules.map(relative);
    expect(names).toContain('app/routes/public/login.tsx');
    expect(names).toContain('features/operator/components/site-footer.tsx');
    expect(names).not.toContain('app/layouts/app-layout.tsx');
    expect(names.some((name) => name.startsWith('app/routes/app/'))).toBe(false);
  });

  it('holds, in both languages, every key a module a visitor loads names', () => {
    const used = keysOf(modules);
    expect(used.map(({ key }) => key)).toContain('login.title');
    for (const catalog of [it_, en]) {
      const part = catalogPart(catalog, 'public');
      const missing = used.filter(({ key }) => !holds(part, key));
      expect(missing.map(({ file, key }) => `${relative(file)}: ${key}`)).toEqual([]);
    }
  });

  it('leaves the signed-in parts their own namespaces', () => {
    const publicPart = catalogPart(it_, 'public');
    expect(Object.keys(publicPart).sort()).toEqual([...PUBLIC_NAMESPACES].sort());
    for (const part of ['shell', 'screens'] as const) {
      for (const namespace of PUBLIC_NAMESPACES) expect(catalogPart(it_, part)).not.toHaveProperty(namespace);
    }
  });
});
