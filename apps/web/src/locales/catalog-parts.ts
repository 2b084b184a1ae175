/**
 * Each language's catalog stays one file (it.json, en.json), but the browser gets it in three parts: the
 * public part, which the login page and the other public pages need; the shell's part, which loads with the
 * signed-in shell and holds every text of the shell and of the screens that load with it alone (the fleet
 * and its wall view, the page a signed-in user opens most); and the screens' part, everything else, which
 * loads with any other signed-in screen (lib/i18n.ts, app/router.tsx). The split is made at build time by a
 * Vite plugin (catalog-parts-plugin.ts) from the two lists below. Read by the plugin and the tests; the app
 * imports only its types.
 *
 * A namespace belongs to PUBLIC_NAMESPACES when a public page, or anything shown on it (the language
 * selector, the footer, toasts and error messages before login), translates one of its keys;
 * public-catalog.test.ts scans the modules a visitor loads and fails when one uses a key outside this list.
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

/**
 * The shell's part: whole namespaces, or one subtree of a namespace (a dot path) whose other texts belong to
 * other screens (the navigation names every screen, the fleet's cards show a machine type's icon and offer the
 * queue's "Bed clear" and "Take the mark back"). Its keys leave the screens' part. shell-catalog.test.ts scans
 * the shell and the screens the router loads with this part alone, and fails when one uses a key outside it and
 * the public part.
 */
export const SHELL_TEXTS = [
  'fleet',
  'userMenu',
  'session',
  'notifications',
  'serviceSessions.banner',
  'tickets.nav',
  'maintenance.nav',
  'maintenance.badge',
  'maintenance.states',
  'activity.nav',
  'insight.nav',
  'library.nav',
  'printQueue.nav',
  'printQueue.errors',
  'printQueue.machines.ready',
  'printQueue.machines.mark',
  'printQueue.machines.markFor',
  'printQueue.machines.unmark',
  'printQueue.machines.unmarkFor',
  'hardware.machineGroups.icons',
  'hardware.machineGroups.toasts',
] as const;

export type CatalogPart = 'public' | 'shell' | 'screens';
/** The parts only signed-in pages load. */
export type SignedInPart = Exclude<CatalogPart, 'public'>;

/** A catalog, or a part of one: top-level namespaces. */
export type Catalog = Record<string, unknown>;

const isPublic = (namespace: string) => (PUBLIC_NAMESPACES as readonly string[]).includes(namespace);
const isObject = (value: unknown): value is Catalog => typeof value === 'object' && value !== null;

/** `catalog` without the public namespaces, deeply copied so that subtrees can be moved out of it. */
const signedIn = (catalog: Catalog): Catalog =>
  structuredClone(Object.fromEntries(Object.entries(catalog).filter(([namespace]) => !isPublic(namespace))));

/** Moves the subtree at `path` from `from` into the same place of `into`. */
function move(from: Catalog, into: Catalog, path: string): void {
  const segments = path.split('.');
  const last = segments.pop() ?? '';
  let source = from;
  let target = into;
  for (const segment of segments) {
    const next = source[segment];
    if (!isObject(next)) throw new Error(`${path} is not in the catalog`);
    source = next;
    target[segment] ??= {};
    target = target[segment] as Catalog;
  }
  if (!(last in source)) throw new Error(`${path} is not in the catalog`);
  target[last] = source[last];
  delete source[last];
}

/** The texts of `catalog` that make `part`, in the catalog's order. */
export function catalogPart(catalog: Catalog, part: CatalogPart): Catalog {
  if (part === 'public')
    return Object.fromEntries(Object.entries(catalog).filter(([namespace]) => isPublic(namespace)));
  const screens = signedIn(catalog);
  const shell: Catalog = {};
  for (const path of SHELL_TEXTS) move(screens, shell, path);
  if (part === 'shell') return shell;
  // A namespace the shell took whole leaves nothing behind.
  return Object.fromEntries(
    Object.entries(screens).filter(([, texts]) => !isObject(texts) || Object.keys(texts).length > 0),
  );
}
