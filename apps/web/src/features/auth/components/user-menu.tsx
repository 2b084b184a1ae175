import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
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

/** The entries the arrow keys move between, in order. */
const ITEMS = '.dropdown-item';

/**
 * The signed-in user's menu: name, session time remaining, Profile and Logout. On a phone the toggle
 * shows only an icon (its name stays for screen readers), so the open menu starts with the name.
 *
 * Bootstrap's dropdown drawn with its own classes, placed by Bootstrap's static rules under the toggle's right
 * edge (the top bar leaves it room): no positioning library. It behaves as react-bootstrap's dropdown did: the
 * toggle opens and closes it and says whether it is open; the down arrow opens it, and in it the arrows move
 * between the entries; Escape closes it and returns to the toggle; a click outside, choosing an entry or tabbing
 * out of it closes it.
 */
export function UserMenu({ displayName }: UserMenuProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const [show, setShow] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!show) return;
    const closeOutside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setShow(false);
    };
    document.addEventListener('click', closeOutside, true);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('click', closeOutside, true);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [show]);

  if (!session) return null;

  const moveFocus = (from: EventTarget, offset: number) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const index = Math.max(0, Math.min(items.indexOf(from as HTMLElement) + offset, items.length - 1));
    items[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (show) moveFocus(event.target, 1);
      else setShow(true);
    } else if (event.key === 'ArrowUp' && show) {
      event.preventDefault();
      moveFocus(event.target, -1);
    } else if (event.key === 'Escape' && show) {
      event.preventDefault();
      event.stopPropagation();
      setShow(false);
      toggle.current?.focus();
    }
  };

  return (
    <div className="d-flex align-items-center gap-1 gap-sm-2">
      <TimeLeft claims={session.claims} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it only gathers the keys of the toggle and the entries */}
      <div className="dropdown" ref={root} onKeyDown={onKeyDown}>
        <button
          ref={toggle}
          type="button"
          id="user-menu"
          className="dropdown-toggle btn btn-outline-secondary btn-sm"
          aria-expanded={show}
          onClick={() => setShow((open) => !open)}
        >
          <i className="bi bi-person-circle me-1" aria-hidden="true" />
          <span className="visually-hidden-xs">{displayName ?? t('userMenu.account')}</span>
        </button>
        {show && (
          <div ref={menu} className="dropdown-menu dropdown-menu-end show" data-bs-popper="static">
            {displayName && (
              <>
                <span className="dropdown-item-text fw-semibold text-nowrap" data-testid="user-menu-name">
                  {displayName}
                </span>
                <hr className="dropdown-divider" />
              </>
            )}
            <Link
              className="dropdown-item"
              to={paths.user.getHref(lang, session.claims.id)}
              onClick={() => setShow(false)}
            >
              <i className="bi bi-person me-2" aria-hidden="true" />
              {t('userMenu.profile')}
            </Link>
            <hr className="dropdown-divider" />
            <button
              type="button"
              className="dropdown-item"
              onClick={() => {
                setShow(false);
                logout('LOGGED_OUT');
              }}
            >
              <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
              {t('userMenu.logout')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
