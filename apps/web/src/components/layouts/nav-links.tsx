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

/** Bootstrap's pills drawn with its own classes; the router's link marks the current page (`active`, `aria-current`). */
export function NavLinks({ items, collapsed = false, onNavigate }: NavLinksProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <ul className="nav nav-pills flex-column gap-1 p-2">
      {items.map((item) => (
        <li className="nav-item" key={item.labelKey}>
          <NavLink
            to={item.getHref(lang)}
            onClick={onNavigate}
            title={collapsed ? t(item.labelKey) : undefined}
            className={`nav-link d-flex align-items-center ${collapsed ? 'justify-content-center' : ''}`}
          >
            <i className={`bi bi-${item.icon} fs-5`} aria-hidden="true" />
            <span className={collapsed ? 'visually-hidden' : 'ms-2'}>{t(item.labelKey)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
