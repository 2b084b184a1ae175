import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavItem } from '../../config/navigation';
import { useLanguage } from '../../lib/use-language';

export interface NavLinksProps {
  items: readonly NavItem[];
  /** Icons only; the label stays for screen readers and as a tooltip. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function NavLinks({ items, collapsed = false, onNavigate }: NavLinksProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Nav as="ul" variant="pills" className="flex-column gap-1 p-2">
      {items.map((item) => (
        <Nav.Item as="li" key={item.labelKey}>
          <Nav.Link
            as={NavLink}
            to={item.getHref(lang)}
            onClick={onNavigate}
            title={collapsed ? t(item.labelKey) : undefined}
            className={`d-flex align-items-center ${collapsed ? 'justify-content-center' : ''}`}
          >
            <i className={`bi bi-${item.icon} fs-5`} aria-hidden="true" />
            <span className={collapsed ? 'visually-hidden' : 'ms-2'}>{t(item.labelKey)}</span>
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
