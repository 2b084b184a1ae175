import { SIDEBAR_MIN_WIDTH } from '@portal/contract';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../../config/navigation';
import { useMediaQuery } from '../../lib/use-media-query';
import { BrandLink } from '../ui/brand-link';
import { NavLinks } from './nav-links';

// Bootstrap's md to lg: the full navigation would take half of a tablet's width, so it shows icons only.
const TABLET_WIDTH = '(min-width: 768px) and (max-width: 991.98px)';

export interface SidebarProps {
  items: readonly NavItem[];
  /** The user's choice on wide screens. */
  collapsed: boolean;
  onToggle: () => void;
}

/** The side navigation of wide screens (md and up), collapsible to icons; always icons on tablets. */
export function Sidebar({ items, collapsed, onToggle }: SidebarProps) {
  const { t } = useTranslation();
  const tablet = useMediaQuery(TABLET_WIDTH);
  const iconsOnly = collapsed || tablet;
  return (
    <nav
      data-testid="sidebar"
      aria-label={t('nav.main')}
      className="d-none d-md-flex flex-column flex-shrink-0 border-end bg-body-tertiary sticky-top vh-100"
      style={iconsOnly ? undefined : { minWidth: SIDEBAR_MIN_WIDTH }}
    >
      <div
        className={`d-flex align-items-center border-bottom p-2 ${iconsOnly ? 'flex-column gap-2' : 'justify-content-between'}`}
      >
        <BrandLink compact={iconsOnly} className="px-2" />
        {!tablet && (
          <Button
            variant="link"
            className="text-body-secondary"
            onClick={onToggle}
            aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
            aria-expanded={!collapsed}
          >
            <i
              className={`bi ${collapsed ? 'bi-chevron-double-right' : 'bi-chevron-double-left'}`}
              aria-hidden="true"
            />
          </Button>
        )}
      </div>
      <NavLinks items={items} collapsed={iconsOnly} />
    </nav>
  );
}
