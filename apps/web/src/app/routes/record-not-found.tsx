import { can, type Language, type Role } from '@portal/contract';
import type { TFunction } from 'i18next';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';
import { useLanguage } from '../../lib/use-language';

/** The records that have a page of their own. */
export type RecordKind = 'machine' | 'ticket' | 'user' | 'business' | 'controller';

/**
 * Whether a failed load means the record is not there for this viewer: it does not exist, belongs to another
 * business (the API answers 404 for both, docs/design.md §3), or the address names no record at all.
 */
export const isMissingRecord = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 403);

type ListKey = 'toMachines' | 'toTickets' | 'toUsers' | 'toBusinesses' | 'toControllers';

/** The list a record's page belongs to, when the viewer has that list. */
function listOf(
  kind: RecordKind,
  lang: Language,
  role: Role | undefined,
): { href: string; key: ListKey } | null {
  const administers = role !== undefined && can(role, 'settings');
  switch (kind) {
    case 'machine':
      return { href: paths.machines.getHref(lang), key: 'toMachines' };
    case 'ticket':
      return { href: paths.tickets.getHref(lang), key: 'toTickets' };
    case 'user':
      return administers ? { href: paths.settings.getHref(lang, 'users'), key: 'toUsers' } : null;
    case 'business':
      return administers ? { href: paths.settings.getHref(lang, 'businesses'), key: 'toBusinesses' } : null;
    case 'controller':
      return administers
        ? { href: paths.settings.getHref(lang, 'computercontrollers'), key: 'toControllers' }
        : null;
  }
}

/**
 * The not-found page's title, for the route's own `usePageTitle` (the route's effect runs after the page's, so
 * the route names the tab).
 */
export const recordNotFoundTitle = (t: TFunction, kind: RecordKind, error?: unknown): string =>
  error !== undefined && !isMissingRecord(error)
    ? t('notFound.record.failedTitle')
    : t(`notFound.record.${kind}`);

export interface RecordNotFoundProps {
  kind: RecordKind;
  /**
   * The failed load's error: a missing or unseen record reads "not found"; anything else (the server or the
   * network failing) reads "could not be loaded", with a retry. Undefined when the address names no record.
   */
  error?: unknown;
  onRetry?: () => void;
}

/**
 * A record's page when the record is not there: at the record's own address (no move to a list), saying which
 * record, with the way back to its list and to the dashboard (docs/product.md §2). The route names the tab
 * (`recordNotFoundTitle`).
 */
export function RecordNotFound({ kind, error, onRetry }: RecordNotFoundProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const role = useSession()?.claims.role;
  const { pathname } = useLocation();
  const failed = error !== undefined && !isMissingRecord(error);
  const title = recordNotFoundTitle(t, kind, error);
  const list = listOf(kind, lang, role);
  return (
    <section className="py-5 text-center" data-testid="record-not-found" data-record={kind}>
      {!failed && (
        <p className="display-4 text-body-secondary mb-2" aria-hidden="true">
          404
        </p>
      )}
      <h1 className="h3 mb-3">{title}</h1>
      <p className="text-body-secondary mb-4 text-break">
        {failed ? t('notFound.record.failedText') : t('notFound.record.text', { path: pathname })}
      </p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        {failed && onRetry && (
          <Button variant="primary" onClick={onRetry}>
            <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
            {t('notFound.record.retry')}
          </Button>
        )}
        {list && (
          <Link className={`btn ${failed ? 'btn-outline-secondary' : 'btn-primary'}`} to={list.href}>
            {t(`notFound.record.${list.key}`)}
          </Link>
        )}
        <Link className="btn btn-outline-secondary" to={paths.dashboard.getHref(lang)}>
          {t('notFound.toDashboard')}
        </Link>
      </div>
    </section>
  );
}
