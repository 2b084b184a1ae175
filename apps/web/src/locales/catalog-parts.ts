/**
 * Each language's catalog stays one file (it.json, en.json), but the browser gets it in two parts: the
 * public part, which the login page and the other public pages need, and the signed-in part, which loads
 * with the signed-in shell (lib/i18n.ts). The split is made at build time by a Vite plugin
 * (catalog-parts-plugin.ts) from the one list below of the top-level namespaces the public pages use: every
 * other namespace is signed-in. Read by the plugin and the tests; the app imports only its types.
 *
 * A namespace belongs here when a public page, or anything shown on it (the language selector, the
 * footer, toasts and error messages before login), translates one of its keys; public-catalog.test.ts
 * scans the modules a visitor loads and fails when one uses a key outside this list.
 */
export const PUBLIC_NAMESPACES = [
  'app',
  'common',
  'nav',
  'theme',
  'language',
  'login',
  'home',
  'footer',
  'toast',
  'errors',
  'validation',
  'recovery',
] as const;

export type CatalogPart = 'public' | 'signed-in';

/** A catalog, or a part of one: top-level namespaces. */
export type Catalog = Record<string, unknown>;

const isPublic = (namespace: string) => (PUBLIC_NAMESPACES as readonly string[]).includes(namespace);

/** The namespaces of `catalog` that make `part`, in the catalog's order. */
export function catalogPart(catalog: Catalog, part: CatalogPart): Catalog {
  return Object.fromEntries(
    Object.entries(catalog).filter(([namespace]) => isPublic(namespace) === (part === 'public')),
  );
}
