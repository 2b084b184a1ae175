/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { NAMESPACES } from '../../test-kit/catalog.ts';

/**
 * From now on, on every page `page` opens, records each text or label shown that is a catalog key instead
 * of its text ('dashboard.profile.title'), even for a moment, as when a screen renders before its part of
 * the catalog has loaded. Returns a function that reads what was recorded.
 */
export async function watchRawKeys(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript((namespaces) => {
    const pattern = new RegExp(`^(?:${namespaces.join('|')})\\.[A-Za-z][\\w.]*$`);
    const seen: string[] = [];
    (window as { rawKeys?: string[] }).rawKeys = seen;
    const check = (text: string | null) => {
      const trimmed = text?.trim() ?? '';
      if (pattern.test(trimmed)) seen.push(trimmed);
    };
    const inspect = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) return check(node.textContent);
      if (!(node instanceof Element)) return;
      for (const element of [node, ...node.querySelectorAll('*')]) {
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) check(element.getAttribute(name));
      }
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) check(text.textContent);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'childList') record.addedNodes.forEach(inspect);
        else if (record.type === 'characterData') check(record.target.textContent);
        else if (record.attributeName) check((record.target as Element).getAttribute(record.attributeName));
      }
    }).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
      attributeFilter: ['aria-label', 'title', 'placeholder', 'alt'],
    });
  }, NAMESPACES);
  return () => page.evaluate(() => (window as { rawKeys?: string[] }).rawKeys ?? []);
}
