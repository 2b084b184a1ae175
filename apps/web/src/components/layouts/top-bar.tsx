import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface TopBarProps {
  /** Opens the slide-in menu; without it there is no menu button (public pages). */
  onOpenMenu?: () => void;
  /** Left side, after the menu button. */
  start?: ReactNode;
  /** Right side: switches and menus. */
  children: ReactNode;
}

export function TopBar({ onOpenMenu, start, children }: TopBarProps) {
  const { t } = useTranslation();
  return (
    // On a phone the margins and gaps close up: the bar holds five controls in 390 px.
    <header className="d-flex align-items-center gap-1 gap-sm-2 border-bottom px-2 px-sm-3 py-2 bg-body">
      {onOpenMenu && (
        <Button
          variant="outline-secondary"
          className="d-md-none"
          onClick={onOpenMenu}
          aria-label={t('nav.open')}
        >
          <i className="bi bi-list" aria-hidden="true" />
        </Button>
      )}
      {start}
      <div className="ms-auto d-flex align-items-center gap-1 gap-sm-3">{children}</div>
    </header>
  );
}
