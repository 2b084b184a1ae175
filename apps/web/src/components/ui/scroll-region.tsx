import type { ReactNode } from 'react';

/**
 * A horizontally scrolling area for wide content (tables on a phone). It can take keyboard focus, so
 * its overflow is reachable without a pointer, and it is a named region for screen readers.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // Positioned, so that visually hidden text inside (an actions column's header) scrolls with it instead of
    // widening the whole page on a phone.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1)
    <section className="table-responsive position-relative" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
