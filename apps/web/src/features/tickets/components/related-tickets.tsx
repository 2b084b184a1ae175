import { PAGE_SIZE_MAX } from '@portal/contract';
import { useId, useState } from 'react';
import { Card, Form, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTickets } from '../api/get-tickets';
import { TicketStatusBadge } from './ticket-status-badge';

/**
 * The tickets about one machine group, on its settings page: number, title, 'Aperto' or 'Chiuso' and a
 * link to each; closed ones show only when the toggle says so (docs/product.md §2).
 */
export function RelatedTickets({ machineGroupId }: { machineGroupId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toggleId = useId();
  const [showClosed, setShowClosed] = useState(false);
  const { data, isError } = useTickets({
    machine: machineGroupId,
    pageSize: PAGE_SIZE_MAX,
    ...(!showClosed && { is_open: 'true' as const }),
  });
  const caption = t('tickets.related.title');

  return (
    <Card as="section" aria-labelledby="related-tickets-title" className="mb-4">
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id="related-tickets-title" className="h5 mb-0">
          {caption}
        </h2>
        <Form.Check
          type="switch"
          id={toggleId}
          label={t('tickets.related.showClosed')}
          checked={showClosed}
          onChange={(event) => setShowClosed(event.target.checked)}
        />
      </Card.Header>
      <Card.Body>
        {isError && <p className="text-danger mb-0">{t('table.loadError')}</p>}
        {!data && !isError && (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={12} />
          </Placeholder>
        )}
        {data?.items.length === 0 && <p className="text-body-secondary mb-0">{t('tickets.related.empty')}</p>}
        {data && data.items.length > 0 && (
          <ScrollRegion label={caption}>
            <Table striped hover className="align-middle mb-0">
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('tickets.fields.number')}</th>
                  <th scope="col">{t('tickets.fields.title')}</th>
                  <th scope="col">{t('tickets.fields.status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('tickets.read')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((ticket) => (
                  <tr key={ticket.id}>
                    <td>{ticket.id}</td>
                    <td>{ticket.title}</td>
                    <td>
                      <TicketStatusBadge isOpen={ticket.is_open} />
                    </td>
                    <td className="text-end">
                      <Link
                        to={paths.ticket.getHref(lang, ticket.id)}
                        aria-label={t('tickets.readTicket', { id: ticket.id })}
                      >
                        {t('tickets.read')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </ScrollRegion>
        )}
      </Card.Body>
    </Card>
  );
}
