import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The impacts that fail a test; minor and moderate findings are reported by axe but do not fail. */
const FAILING = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on what the page shows now and throws, naming each rule and
 * element, when it finds a serious or critical violation.
 *
 * Violations only, and axe's single run in the page (its "legacy" mode): the default runs each frame apart and
 * joins the results in a new blank page, which tripled the time of each of the suite's 136 scans (1.5 s against
 * 0.5 on a quiet machine). What it leaves out are frames of another origin: the only one is a machine's own
 * interface in the control panel's frame, the board's pages rather than the portal's.
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const failures = results.violations.filter((violation) => FAILING.has(violation.impact ?? ''));
  if (failures.length === 0) return;
  const lines = failures.flatMap((violation) => [
    `${violation.impact} ${violation.id}: ${violation.help}`,
    ...violation.nodes.map(
      (node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replaceAll('\n', ' ')}`,
    ),
  ]);
  throw new Error(`Accessibility violations on ${label}:\n${lines.join('\n')}`);
}
