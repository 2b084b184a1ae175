/**
 * The layout rules of ARCHITECTURE.md ("Layout rules"), all of them: every rule on which file may import which
 * lives here, checked by `npm run lint:layout` (part of `npm run lint`) on resolved paths at any depth; Biome
 * only formats and lints. `scripts/layout.test.ts` runs them over `scripts/layout-fixtures/`, one violation per
 * rule. Cycles between server modules are `.dependency-cruiser-module-cycles.cjs`'s.
 */

/**
 * A server module's files other modules may import, besides its `<area>.module.ts`: its public surface. The
 * `<area>.schema.ts` files here hold tables other modules' tables reference by foreign key.
 */
const MODULE_PUBLIC_FILES = [
  'auth/session-events.ts',
  'board-client/board-client.ts',
  'business/business.repository.ts',
  'business/business.schema.ts',
  'catalog/catalog.schema.ts',
  'controllers/gateway-key.ts',
  'gateway/tunnel-endpoint.ts',
  'gateway/tunnel-registry.ts',
  'library/library-files.ts',
  'library/library.schema.ts',
  'licenses/licenses.schema.ts',
  'live-status/machine-events.ts',
  'machine-access/board-scopes.ts',
  'machine-access/machine-access.policy.ts',
  'machine-access/machine-access.service.ts',
  'machine-groups/machine-groups.mapper.ts',
  'machine-groups/machine-groups.policy.ts',
  'machine-groups/machine-groups.repository.ts',
  'machine-groups/machine-groups.schema.ts',
  'tickets/ticket-authors.ts',
  'tickets/tickets.policy.ts',
  'tickets/tickets.schema.ts',
  'users/users.repository.ts',
  'users/users.schema.ts',
];

const MODULES = '^apps/server/src/modules/';
/** Patterns matching exactly these files of `modules/` (their names hold no pattern character but the dot). */
const moduleFiles = (files) => files.map((file) => `${MODULES}${file.replaceAll('.', '\\.')}$`);

const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
/** Test files stand above the server's layers: they build the app around what they test. */
const TEST_FILE = '\\.test\\.ts$';

/** What an import of these npm packages resolves to, or its name when it does not resolve. */
const npmPackages = (names) => [`(^|/)node_modules/(@types/)?(${names})/`, `^(${names})(/|$)`];

/**
 * npm packages an app never imports, being the other side's (the other app's own code is apps-apart's): one rule
 * each, named as here.
 */
const FOREIGN_LIBRARIES = [
  {
    name: 'web-uses-no-server-libraries',
    comment: 'The web app talks to the server over HTTP only: no Fastify, Drizzle or pg.',
    app: 'web',
    packages: 'fastify|@fastify/[^/]+|drizzle-orm|pg',
  },
  {
    name: 'server-uses-no-react',
    comment: 'The server renders no React: the web app is built apart and served as files.',
    app: 'server',
    packages: 'react|react-[^/]+',
  },
];

/** Tests, their support, the demo and the benchmarks: where the simulated hardware may be used. */
const HARDWARE_SIMULATION_USERS = [
  '\\.test\\.ts$',
  '(^|/)test/',
  '^test-kit/',
  '^e2e/',
  '^integration/',
  '^bench/',
  '^scripts/demo-hardware\\.ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycle, type-only and dynamic imports included: a cycle hides which piece comes first.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'apps-apart',
      comment:
        'Apps never import each other (the gateway no server code): they meet over HTTP or the tunnel.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-below-apps',
      comment: 'Packages never import apps.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'features-apart',
      comment: 'No web feature imports another: app/ composes them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    ...FOREIGN_LIBRARIES.map(({ name, comment, app, packages }) => ({
      name,
      comment,
      severity: 'error',
      from: { path: `^apps/${app}/` },
      to: { path: npmPackages(packages) },
    })),
    {
      name: 'server-shared-at-the-bottom',
      comment:
        'shared/ is the bottom of the server, what plugins and modules both need: no module, plugin, app.ts or server.ts.',
      severity: 'error',
      from: { path: `${SERVER}shared/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}(modules/|plugins/|app\\.ts$|server\\.ts$)` },
    },
    {
      name: 'server-db-knows-only-schemas',
      comment:
        "db/ opens the database with the schema: of the server it knows only the modules' <area>.schema.ts files.",
      severity: 'error',
      from: { path: `${SERVER}db/`, pathNot: TEST_FILE },
      to: {
        path: `${SERVER}(modules/|plugins/|shared/|app\\.ts$)`,
        pathNot: `${SERVER}modules/[^/]+/[^/]+\\.schema\\.ts$`,
      },
    },
    {
      name: 'server-plugins-know-no-modules',
      comment:
        'Plugins never import modules, the demo or the app: app.ts wires them, shared/ holds what both need.',
      severity: 'error',
      from: { path: `${SERVER}plugins/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}(modules/|demo/|app\\.ts$)` },
    },
    {
      name: 'server-modules-know-no-plugins',
      comment: 'Modules never import plugins or the app: app.ts wires them, shared/ holds what both need.',
      severity: 'error',
      from: { path: `${SERVER}modules/`, pathNot: TEST_FILE },
      to: { path: `${SERVER}(plugins/|app\\.ts$|server\\.ts$)` },
    },
    {
      name: 'server-repositories-below-services',
      comment:
        'Repositories, mappers and policies sit below services and routes: routes -> services -> repositories -> db.',
      severity: 'error',
      from: { path: `${SERVER}modules/.+\\.(repository|mapper|policy)\\.ts$` },
      to: { path: '\\.(service|routes|module)\\.ts$' },
    },
    {
      name: 'server-services-below-routes',
      comment: 'Services sit below routes and the module factory that builds them: routes -> services.',
      severity: 'error',
      from: { path: `${SERVER}modules/.+\\.service\\.ts$` },
      to: { path: '\\.(routes|module)\\.ts$' },
    },
    {
      name: 'web-features-below-app',
      comment: 'Features never import app/: app/ composes features.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-shared-code-below-features',
      comment:
        'Shared components, lib and config serve every feature, so they import neither features nor app/.',
      severity: 'error',
      from: { path: `${WEB}(components|lib|config)/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'module-public-surface',
      comment:
        'A server module imports another only through its <area>.module.ts or a file MODULE_PUBLIC_FILES lists.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: MODULES,
        pathNot: [
          `${MODULES}$1/`,
          `${MODULES}([^/]+)/\\1\\.module\\.ts$`,
          ...moduleFiles(MODULE_PUBLIC_FILES),
        ],
      },
    },
    {
      name: 'gateway-tunnel-relay-apart',
      comment: "The gateway's tunnel/ and relay/ never import each other; gateway.ts joins them.",
      severity: 'error',
      from: { path: '^apps/gateway/src/(tunnel|relay)/' },
      to: { path: '^apps/gateway/src/(tunnel|relay)/', pathNot: '^apps/gateway/src/$1/' },
    },
    {
      name: 'gateway-tunnel-knows-no-duet',
      comment:
        "The gateway's tunnel/ carries streams and knows no Duet (its tests may stand a board behind it).",
      severity: 'error',
      from: { path: '^apps/gateway/src/tunnel/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/(duet|board-sim)/' },
    },
    {
      name: 'gateway-relay-knows-no-websocket-client',
      comment:
        "The gateway's relay/ talks plain HTTP to the board; the tunnel's WebSocket is tunnel/'s (relay tests may dial the board's).",
      severity: 'error',
      from: { path: '^apps/gateway/src/relay/', pathNot: '\\.test\\.ts$' },
      to: { path: '(^|/)node_modules/ws/' },
    },
    {
      name: 'board-sim-for-tests-demo-and-benchmarks',
      comment:
        'The simulated board and webcam stand in for hardware in tests, the demo and the benchmarks only.',
      severity: 'error',
      from: { pathNot: ['^packages/board-sim/', ...HARDWARE_SIMULATION_USERS] },
      to: { path: '^packages/board-sim/' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: ['^\\.[^./]', '(^|/)dist/', '^scripts/layout-fixtures/'] },
    // A type is as much a dependency as a value.
    tsPreCompilationDeps: true,
    // Workspace packages resolve through their `exports`, to their sources.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    skipAnalysisNotInRules: true,
  },
};
