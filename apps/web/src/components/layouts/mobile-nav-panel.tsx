import { useState } from 'react';
import { Offcanvas } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../../config/navigation';
import { BrandLink } from '../ui/brand-link';
import { NavLinks } from './nav-links';

export interface MobileNavPanelProps {
  items: readonly NavItem[];
  show: boolean;
  onHide: () => void;
}

/**
 * The slide-in panel of `MobileNav`, in a chunk of its own with react-bootstrap's offcanvas: loaded the first
 * time the menu opens. Following a link closes it.
 */
export function MobileNavPanel({ items, show, onHide }: MobileNavPanelProps) {
  const { t } = useTranslation();
  // Closed by Escape or the close button, focus goes back to the menu button. Closed by following a
  // link, it stays with the new page's content, where the main region puts it, even while the menu
  // slides out.
  const [followedLink, setFollowedLink] = useState(false);
  const followLink = () => {
    setFollowedLink(true);
    onHide();
  };
  return (
    <Offcanvas
      show={show}
      onShow={() => setFollowedLink(false)}
      onHide={onHide}
      restoreFocus={!followedLink}
      enforceFocus={!followedLink}
      placement="start"
      aria-label={t('nav.menu')}
    >
      <Offcanvas.Header closeButton closeLabel={t('common.close')}>
        <Offcanvas.Title as="div">
          <BrandLink />
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="p-0">
        <nav aria-label={t('nav.main')}>
          <NavLinks items={items} onNavigate={followLink} />
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
