import { fileURLToPath } from 'node:url';
import type { Rolldown } from 'vite';

const source = (file: string) => fileURLToPath(new URL(`../${file}`, import.meta.url));
const ENTRY = source('main.tsx');
/** What a signed-in user opens first and most: the shell and the fleet screen. */
const SHELL = [source('app/layouts/app-layout.tsx'), source('app/routes/app/machines.tsx')];
/** Where the signed-in side begins: a visitor's page never loads these. */
const SIGNED_IN = /[/\\]src[/\\]app[/\\](?:layouts[/\\]app-layout\.tsx|routes[/\\]app[/\\])/;
const CHUNK = 'fleet-shell';

type ModuleInfo = Rolldown.ModuleInfo;
type Lookup = (id: string) => ModuleInfo | null;

/** The modules reachable from `starts`: by static imports, and by dynamic ones too when `dynamic`, not past `stop`. */
function reachable(starts: string[], info: Lookup, { dynamic, stop }: { dynamic: boolean; stop?: RegExp }) {
  const seen = new Set<string>();
  const queue = [...starts];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || (stop?.test(id) ?? false)) continue;
    seen.add(id);
    const module = info(id);
    if (!module) continue;
    queue.push(...module.importedIds, ...(dynamic ? module.dynamicallyImportedIds : []));
  }
  return seen;
}

/** The modules the shell and the fleet screen import that no visitor's page can load. */
function shellOnly(info: Lookup): Set<string> {
  const visitor = reachable([ENTRY], info, { dynamic: true, stop: SIGNED_IN });
  return new Set([...reachable(SHELL, info, { dynamic: false })].filter((id) => !visitor.has(id)));
}

/**
 * One chunk for what only the signed-in shell and the fleet screen import, instead of about forty of a few
 * hundred bytes each: gzip compresses the modules better together, and the page waits on fewer requests
 * (docs/benchmarks.md, `bench:web`). Left out is whatever a visitor's page can load, now or on demand (React,
 * the router, the API client, zod, the contract's modules, which its index reaches), so the login page never
 * downloads the shell; and what the shell loads on demand or other screens load alone, which keep their own
 * chunks.
 */
export function fleetShellChunk(): Rolldown.CodeSplittingGroup {
  // Computed once per chunking pass, which hands every call the same module records.
  const passes = new WeakMap<ModuleInfo, Set<string>>();
  return {
    debugName: CHUNK,
    name: (id, context) => {
      const entry = context.getModuleInfo(ENTRY);
      if (!entry) return null;
      const members = passes.get(entry) ?? shellOnly((module) => context.getModuleInfo(module));
      passes.set(entry, members);
      return members.has(id) ? CHUNK : null;
    },
    // The shell's imports from a visitor's chunks stay there: pulling them in would make the login page
    // download the shell.
    includeDependenciesRecursively: false,
  };
}
