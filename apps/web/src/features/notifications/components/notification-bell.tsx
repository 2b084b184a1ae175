import type { NotificationItem } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import { notificationHref } from '../lib/notification-link';

/** Shown as a number up to this, then "99+". */
const MAX_SHOWN = 99;

/**
 * The bell of the top bar: the unread count on it, and on a click the newest notifications, each a link to its ticket
 * or machine that marks it read, with "mark all read". Drawn with Bootstrap's dropdown classes, as the user menu is:
 * Escape or a click outside closes it.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data } = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const [show, setShow] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!show) return;
    const closeOutside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setShow(false);
    };
    // Escape closes it wherever the focus is (a button that turned disabled leaves it on the page).
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setShow(false);
      toggle.current?.focus();
    };
    document.addEventListener('click', closeOutside, true);
    document.addEventListener('focusin', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('click', closeOutside, true);
      document.removeEventListener('focusin', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [show]);

  const unread = data?.unread ?? 0;
  const open = (item: NotificationItem) => {
    if (!item.read) markRead.mutate(item.id);
    setShow(false);
  };

  return (
    <div className="dropdown" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="btn btn-outline-secondary btn-sm position-relative"
        aria-expanded={show}
        aria-controls="notification-list"
        data-testid="notification-bell"
        onClick={() => setShow((value) => !value)}
      >
        <i className="bi bi-bell" aria-hidden="true" />
        <span className="visually-hidden">
          {unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        </span>
        {unread > 0 && (
          <span
            className="position-absolute top-0 start-100 translate-middle badge rounded-pill text-bg-danger"
            aria-hidden="true"
            data-testid="notification-count"
          >
            {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
          </span>
        )}
      </button>
      {show && (
        <div
          id="notification-list"
          className="dropdown-menu dropdown-menu-end show p-0 notification-menu"
          data-bs-popper="static"
        >
          <div className="d-flex align-items-center justify-content-between px-3 py-2 border-bottom">
            <h2 className="h6 mb-0">{t('notifications.title')}</h2>
            <button
              type="button"
              className="btn btn-link btn-sm p-0"
              disabled={unread === 0 || markAllRead.isPending}
              onClick={() => markAllRead.mutate()}
            >
              {t('notifications.markAllRead')}
            </button>
          </div>
          {data && data.items.length === 0 && (
            <p className="text-body-secondary px-3 py-3 mb-0">{t('notifications.empty')}</p>
          )}
          <ul className="list-unstyled mb-0 overflow-auto" style={{ maxHeight: '60vh' }}>
            {data?.items.map((item) => {
              const href = notificationHref(item, lang);
              const body = (
                <>
                  <span className="d-flex justify-content-between gap-2">
                    <span className={item.read ? '' : 'fw-semibold'}>
                      {t(`notifications.events.${item.event}`)}
                      {!item.read && <span className="visually-hidden"> ({t('notifications.unread')})</span>}
                    </span>
                    <time className="small text-body-secondary text-nowrap" dateTime={item.createdAt}>
                      {formatDateTime(item.createdAt, lang)}
                    </time>
                  </span>
                  <span className="d-block small text-truncate">
                    {item.subject}
                    {item.detail ? ` · ${item.detail}` : ''}
                  </span>
                </>
              );
              return (
                <li key={item.id} className="border-bottom" data-testid="notification-item">
                  {href ? (
                    <Link className="dropdown-item text-wrap py-2" to={href} onClick={() => open(item)}>
                      {body}
                    </Link>
                  ) : (
                    <button type="button" className="dropdown-item text-wrap py-2" onClick={() => open(item)}>
                      {body}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
