/**
 * Builds the gateway as an installer gets it (`npm run build --workspace @portal/gateway`): one JavaScript file
 * bundled by esbuild with every dependency inside, for the oldest Node.js the gateway supports, and beside it what
 * the npm package holds (its package.json, README, sample configuration and systemd unit) in dist/package/.
 * `npm pack` of that folder is the tarball (`npm run package:npm`); scripts/deb.ts makes the Debian package of it.
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The folder `npm pack` packs. */
const PACKAGE_DIR = `${root}dist/package`;
/** The bundle's name in it, also the command's. */
const BUNDLE_NAME = 'portal-gateway.js';
/** Debian 12 and Raspberry Pi OS ship Node 18.19: the oldest the gateway runs on. */
const OLDEST_NODE = '18.19';

const workspace = JSON.parse(await readFile(`${root}package.json`, 'utf8')) as {
  version: string;
  description: string;
  license?: string;
};

await rm(PACKAGE_DIR, { recursive: true, force: true });
await mkdir(PACKAGE_DIR, { recursive: true });

const result = await build({
  entryPoints: [`${root}src/cli.ts`],
  outfile: `${PACKAGE_DIR}/${BUNDLE_NAME}`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${OLDEST_NODE}`,
  minifySyntax: true,
  legalComments: 'eof',
  // ws loads these native speed-ups only if installed; the gateway does without them.
  external: ['bufferutil', 'utf-8-validate'],
  define: { BUNDLED_GATEWAY_VERSION: JSON.stringify(workspace.version) },
  // The CommonJS dependencies (ws, pino) require Node's own modules, which an ES module bundle must be given.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});

const manifest = {
  name: 'portal-gateway',
  version: workspace.version,
  description: workspace.description,
  ...(workspace.license ? { license: workspace.license } : {}),
  type: 'module',
  bin: { 'portal-gateway': BUNDLE_NAME },
  engines: { node: `>=${OLDEST_NODE}` },
  files: [BUNDLE_NAME, 'config.example.json', 'portal-gateway.service'],
};
await writeFile(`${PACKAGE_DIR}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
await Promise.all([
  copyFile(`${root}README.md`, `${PACKAGE_DIR}/README.md`),
  copyFile(`${root}packaging/config.example.json`, `${PACKAGE_DIR}/config.example.json`),
  copyFile(`${root}packaging/portal-gateway.service`, `${PACKAGE_DIR}/portal-gateway.service`),
]);

const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `portal-gateway ${workspace.version}: ${PACKAGE_DIR}/${BUNDLE_NAME} (${(bytes / 1024).toFixed(0)} KiB)`,
);
