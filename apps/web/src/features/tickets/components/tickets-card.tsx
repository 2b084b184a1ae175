import { Card, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTickets } from '../api/get-tickets';

/** The dashboard card of the tickets: how many are open and how many closed, and the way to them. */
export function TicketsCard() {
  const { t } = useTranslation();
  const lang = useLanguage();
  // One row each is enough: the card needs only the totals.
  const open = useTickets({ is_open: 'true', pageSize: 1 });
  const closed = useTickets({ is_open: 'false', pageSize: 1 });
  const counts = open.data && closed.data ? { open: open.data.total, closed: closed.data.total } : undefined;

  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h5 d-flex align-items-center gap-2">
        <i className="bi bi-chat-left-text" aria-hidden="true" />
        {t('tickets.dashboard.title')}
      </Card.Header>
      <Card.Body>
        {counts ? (
          <dl className="row mb-0" data-testid="ticket-counts">
            <dt className="col-6 fw-normal">{t('tickets.dashboard.open')}</dt>
            <dd className="col-6 mb-0 fs-4" data-testid="open-tickets">
              {counts.open}
            </dd>
            <dt className="col-6 fw-normal">{t('tickets.dashboard.closed')}</dt>
            <dd className="col-6 mb-0 fs-4" data-testid="closed-tickets">
              {counts.closed}
            </dd>
          </dl>
        ) : open.isError || closed.isError ? (
          <p className="text-danger mb-0">{t('table.loadError')}</p>
        ) : (
          <Placeholder as="p" animation="glow" aria-hidden="true">
            <Placeholder xs={4} />
          </Placeholder>
        )}
      </Card.Body>
      <Card.Footer>
        <Link to={paths.tickets.getHref(lang)}>{t('tickets.dashboard.link')}</Link>
      </Card.Footer>
    </Card>
  );
}
