import type { ReactNode } from 'react';

/**
 * A horizontally scrolling area for wide content (tables on a phone). It can take keyboard focus, so
 * its overflow is reachable without a pointer, and it is a named region for screen readers.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1)
    <section className="table-responsive" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
