import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { type Catalog, type CatalogPart, catalogPart } from './catalog-parts.ts';

/** `virtual:catalog/it-public` (or `-shell`, `-screens`): what lib/i18n.ts imports (the last segment names the chunk). */
const VIRTUAL_ID = /^virtual:catalog\/([a-z]{2})-(public|shell|screens)$/;
const RESOLVED_PREFIX = '\0';

const catalogFile = (language: string) => fileURLToPath(new URL(`./${language}.json`, import.meta.url));

/**
 * Serves `virtual:catalog/{language}-{part}` as a module whose default export is that part of
 * `{language}.json`; Vite's chunking makes each one a file of its own.
 */
export function catalogParts(): Plugin {
  return {
    name: 'portal:catalog-parts',
    resolveId(id) {
      return VIRTUAL_ID.test(id) ? RESOLVED_PREFIX + id : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const match = VIRTUAL_ID.exec(id.slice(RESOLVED_PREFIX.length));
      if (!match) return undefined;
      const [, language = '', part] = match;
      const file = catalogFile(language);
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;
      // JSON is an object literal: the minifier then drops the quotes around keys.
      return `export default ${JSON.stringify(catalogPart(catalog, part as CatalogPart))};`;
    },
    // In development an edit of a catalog updates its parts too (the page reloads).
    hotUpdate({ file, modules }) {
      if (!/[/\\]locales[/\\][a-z]{2}\.json$/.test(file)) return undefined;
      const parts = [...this.environment.moduleGraph.idToModuleMap.values()].filter((module) =>
        module.id?.startsWith(`${RESOLVED_PREFIX}virtual:catalog/`),
      );
      return [...modules, ...parts];
    },
  };
}
