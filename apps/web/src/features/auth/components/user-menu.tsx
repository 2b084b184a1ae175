import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { logout } from '../api/logout';
import { TimeLeft } from './time-left';

export interface UserMenuProps {
  /** Name and surname of the signed-in user, once loaded. */
  displayName: string | undefined;
}

/**
 * The signed-in user's menu: name, session time remaining, Profile and Logout. On a phone the toggle
 * shows only an icon (its name stays for screen readers), so the open menu starts with the name.
 */
export function UserMenu({ displayName }: UserMenuProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  if (!session) return null;

  return (
    <div className="d-flex align-items-center gap-2">
      <TimeLeft claims={session.claims} />
      <Dropdown align="end">
        <Dropdown.Toggle variant="outline-secondary" size="sm" id="user-menu">
          <i className="bi bi-person-circle me-1" aria-hidden="true" />
          <span className="visually-hidden-xs">{displayName ?? t('userMenu.account')}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {displayName && (
            <>
              <Dropdown.ItemText className="fw-semibold text-nowrap" data-testid="user-menu-name">
                {displayName}
              </Dropdown.ItemText>
              <Dropdown.Divider />
            </>
          )}
          <Dropdown.Item as={Link} to={paths.user.getHref(lang, session.claims.id)}>
            <i className="bi bi-person me-2" aria-hidden="true" />
            {t('userMenu.profile')}
          </Dropdown.Item>
          <Dropdown.Divider />
          <Dropdown.Item as="button" onClick={() => logout('LOGGED_OUT')}>
            <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
            {t('userMenu.logout')}
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
    </div>
  );
}
