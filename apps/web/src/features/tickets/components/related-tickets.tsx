import { PAGE_SIZE_MAX } from '@portal/contract';
import { useId, useState } from 'react';
import { Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CaptionedTable } from '../../../components/ui/captioned-table';
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
        <CaptionedTable
          caption={caption}
          states="block"
          columns={[
            { id: 'number', header: t('tickets.fields.number'), cell: (ticket) => ticket.id },
            { id: 'title', header: t('tickets.fields.title'), cell: (ticket) => ticket.title },
            {
              id: 'status',
              header: t('tickets.fields.status'),
              cell: (ticket) => <TicketStatusBadge isOpen={ticket.is_open} />,
            },
          ]}
          rows={data?.items}
          rowKey={(ticket) => ticket.id}
          isError={isError}
          empty={t('tickets.related.empty')}
          striped
          hover
          className="mb-0"
          actions={{
            label: t('tickets.read'),
            cell: (ticket) => (
              <Link
                to={paths.ticket.getHref(lang, ticket.id)}
                aria-label={t('tickets.readTicket', { id: ticket.id })}
              >
                {t('tickets.read')}
              </Link>
            ),
          }}
        />
      </Card.Body>
    </Card>
  );
}
