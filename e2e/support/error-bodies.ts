import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What a raw error answer looks like on screen: the portal's error body, or an error code in capitals. */
const ERROR_BODY = /"statusCode"\s*:|"code"\s*:\s*"[A-Z_]+"|\b(?:GATEWAY|BOARD)_(?:OFFLINE|TIMEOUT)\b/;

/**
 * Scans the page and every frame in it (the control panel's included, whatever origin it is on) for a raw error
 * body: every state a person can meet is a designed screen.
 */
export async function expectNoErrorBodies(page: Page, where: string): Promise<void> {
  for (const frame of page.frames()) {
    const text = await frame
      .locator('body')
      .innerText({ timeout: 5_000 })
      .catch(() => '');
    expect(text, `${where}: ${frame.url()}`).not.toMatch(ERROR_BODY);
  }
}
