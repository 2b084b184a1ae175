import { SIDEBAR_MIN_WIDTH } from '@portal/contract';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../../config/navigation';
import { BrandLink } from '../ui/brand-link';
import { NavLinks } from './nav-links';

export interface SidebarProps {
  items: readonly NavItem[];
  collapsed: boolean;
  onToggle: () => void;
}

/** The side navigation of wide screens (md and up), collapsible to icons. */
export function Sidebar({ items, collapsed, onToggle }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <nav
      data-testid="sidebar"
      aria-label={t('nav.main')}
      className="d-none d-md-flex flex-column flex-shrink-0 border-end bg-body-tertiary sticky-top vh-100"
      style={collapsed ? undefined : { minWidth: SIDEBAR_MIN_WIDTH }}
    >
      <div
        className={`d-flex align-items-center border-bottom p-2 ${collapsed ? 'flex-column gap-2' : 'justify-content-between'}`}
      >
        <BrandLink compact={collapsed} className="px-2" />
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
      </div>
      <NavLinks items={items} collapsed={collapsed} />
    </nav>
  );
}
