import { Offcanvas } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../../config/navigation';
import { BrandLink } from '../ui/brand-link';
import { NavLinks } from './nav-links';

export interface MobileNavProps {
  items: readonly NavItem[];
  show: boolean;
  onHide: () => void;
}

/** The slide-in menu of small screens; following a link closes it. */
export function MobileNav({ items, show, onHide }: MobileNavProps) {
  const { t } = useTranslation();
  return (
    <Offcanvas show={show} onHide={onHide} placement="start" aria-label={t('nav.menu')}>
      <Offcanvas.Header closeButton closeLabel={t('common.close')}>
        <Offcanvas.Title as="div">
          <BrandLink />
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="p-0">
        <nav aria-label={t('nav.main')}>
          <NavLinks items={items} onNavigate={onHide} />
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
