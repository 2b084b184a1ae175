import { lazy, Suspense, useState } from 'react';
import type { NavItem } from '../../config/navigation';

/** The panel (react-bootstrap's offcanvas, with its modal machinery) loads the first time the menu opens. */
const MobileNavPanel = lazy(() =>
  import('./mobile-nav-panel').then((module) => ({ default: module.MobileNavPanel })),
);

export interface MobileNavProps {
  items: readonly NavItem[];
  show: boolean;
  onHide: () => void;
}

/** The slide-in menu of small screens; following a link closes it. */
export function MobileNav({ items, show, onHide }: MobileNavProps) {
  // Once opened it stays mounted, closed or open, so it slides out as it slid in.
  const [opened, setOpened] = useState(show);
  if (show && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <MobileNavPanel items={items} show={show} onHide={onHide} />
    </Suspense>
  );
}
