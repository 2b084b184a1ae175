import type { ReactNode } from 'react';

export interface ScrollRegionProps {
  label: string;
  children: ReactNode;
  /** Scrolls both ways within at most 70 percent of the viewport's height, bordered (a long table). */
  tall?: boolean | undefined;
}

/**
 * A scrolling area for wide content (tables on a phone). It can take keyboard focus, so its overflow is
 * reachable without a pointer, and it is a named region for screen readers.
 */
export function ScrollRegion({ label, children, tall = false }: ScrollRegionProps) {
  return (
    // Positioned, so that visually hidden text inside (an actions column's header) scrolls with it instead of
    // widening the whole page on a phone.
    <section
      className={
        tall ? 'overflow-auto border rounded position-relative' : 'table-responsive position-relative'
      }
      style={tall ? { maxHeight: '70vh' } : undefined}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      {children}
    </section>
  );
}
