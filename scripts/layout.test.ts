import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = fileURLToPath(new URL('layout-fixtures/', import.meta.url));

/** The two checks `npm run lint:layout` runs: the layout rules, and cycles between server modules. */
const CHECKS = {
  layout: { config: '.dependency-cruiser.cjs', paths: ['.'] },
  moduleCycles: { config: '.dependency-cruiser-module-cycles.cjs', paths: ['apps/server/src/modules'] },
};

/** What a check reports over the tree at `baseDir`, one "rule: from → to" line per violation. */
async function violations(check: keyof typeof CHECKS, baseDir: string): Promise<string[]> {
  const { config, paths } = CHECKS[check];
  const options = await extractDepcruiseOptions(`${ROOT}${config}`);
  const { output } = await cruise(paths, { ...options, baseDir });
  return (output as ICruiseResult).summary.violations
    .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`)
    .sort();
}

describe('layout rules (ARCHITECTURE.md, "Layout rules")', () => {
  it('report each violation planted in scripts/layout-fixtures/, and nothing the fixtures allow', async () => {
    expect(await violations('layout', FIXTURES)).toEqual([
      'apps-apart: apps/gateway/src/uses-server.ts → apps/server/src/shared/clock.ts',
      'board-sim-for-tests-demo-and-benchmarks: apps/server/src/uses-simulator.ts → packages/board-sim/src/index.ts',
      'features-apart: apps/web/src/features/tickets/components/thread/answer-list.tsx → apps/web/src/features/feed/api/feed.ts',
      'gateway-relay-knows-no-websocket-client: apps/gateway/src/relay/board.ts → ../../node_modules/ws/wrapper.mjs',
      'gateway-tunnel-knows-no-duet: apps/gateway/src/tunnel/frames.ts → packages/duet/src/index.ts',
      'gateway-tunnel-relay-apart: apps/gateway/src/tunnel/link.ts → apps/gateway/src/relay/board.ts',
      'module-public-surface: apps/server/src/modules/orders/orders.service.ts → apps/server/src/modules/billing/billing.repository.ts',
      'no-circular: packages/contract/src/cycle-a.ts → packages/contract/src/cycle-b.ts',
      'packages-below-apps: packages/contract/src/uses-app.ts → apps/server/src/shared/clock.ts',
      'server-db-knows-only-schemas: apps/server/src/db/schema.ts → apps/server/src/shared/clock.ts',
      'server-modules-know-no-plugins: apps/server/src/modules/orders/orders.routes.ts → apps/server/src/plugins/authenticate.ts',
      'server-plugins-know-no-modules: apps/server/src/plugins/authenticate.ts → apps/server/src/modules/auth/session-events.ts',
      'server-repositories-below-services: apps/server/src/modules/orders/orders.repository.ts → apps/server/src/modules/orders/orders.service.ts',
      'server-services-below-routes: apps/server/src/modules/orders/orders.service.ts → apps/server/src/modules/orders/orders.routes.ts',
      'server-shared-at-the-bottom: apps/server/src/shared/uses-module.ts → apps/server/src/modules/auth/session-events.ts',
      'server-uses-no-react: apps/server/src/renders-react.ts → ../../node_modules/react/index.js',
      'web-features-below-app: apps/web/src/features/feed/components/feed-page.tsx → apps/web/src/app/router.ts',
      'web-shared-code-below-features: apps/web/src/lib/uses-feature.ts → apps/web/src/features/feed/api/feed.ts',
      'web-uses-no-server-libraries: apps/web/src/lib/server-types.ts → ../../node_modules/fastify/fastify.js',
    ]);
  });

  it('report a cycle between server modules that no single file closes', async () => {
    expect(await violations('moduleCycles', FIXTURES)).toEqual([
      'no-module-cycle: apps/server/src/modules/billing → apps/server/src/modules/orders',
      'no-module-cycle: apps/server/src/modules/orders → apps/server/src/modules/billing',
    ]);
  });

  it('hold on the repository itself', { timeout: 60_000 }, async () => {
    expect(await violations('layout', ROOT)).toEqual([]);
    expect(await violations('moduleCycles', ROOT)).toEqual([]);
  });
});
