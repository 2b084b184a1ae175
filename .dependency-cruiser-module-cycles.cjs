/**
 * No cycle between server modules (ARCHITECTURE.md, "Layout rules"), so `createModules` (apps/server/src/app.ts)
 * builds them in dependency order. Production code only, and on its own: a module's tests reach the whole app
 * through the test harness, and dependency-cruiser finds folder cycles over every folder it is shown.
 */
const layout = require('./.dependency-cruiser.cjs');

const MODULE = '^apps/server/src/modules/[^/]+$';

module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment: 'Server modules depend on each other one way only.',
      severity: 'error',
      scope: 'folder',
      from: { path: MODULE },
      to: { path: MODULE, circular: true },
    },
  ],
  options: {
    ...layout.options,
    includeOnly: '^apps/server/src/modules/',
    exclude: { path: [...layout.options.exclude.path, '\\.test\\.ts$', '\\.test-support\\.ts$'] },
  },
};
