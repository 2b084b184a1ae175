/**
 * The tab a URL fragment selects ('#roles' -> 'roles'), or `fallback` when the fragment names no
 * available tab: old links and tabs of screens not built yet still land somewhere useful.
 */
export function resolveTab<Tab extends string>(hash: string, available: readonly Tab[], fallback: Tab): Tab {
  const key = decodeURIComponent(hash.replace(/^#/, ''));
  return available.find((tab) => tab === key) ?? fallback;
}
