import type { TicketListItem, TicketListQuery } from '@portal/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, useTableQuery } from '../../../components/ui/data-table';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTickets } from '../api/get-tickets';
import { machineLabel } from './machine-label';
import { TicketStatusBadge } from './ticket-status-badge';

type TicketSort = NonNullable<TicketListQuery['sort']>;

/**
 * The ticket list of /tickets: id, title, status, machine name and location (or 'Macchina non trovata')
 * and a read link; open tickets first (the server's default order), paged and filtered on the server. The read
 * link covers its whole row (a row is one tap on a phone, where the machine stands under the title instead of in
 * its own column: `.tickets-list` in app.css).
 */
export function TicketsTable() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [query, setQuery] = useTableQuery<TicketSort>('status');
  const { data, isError } = useTickets(query);

  const columns = useMemo<ColumnDef<TicketListItem, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: t('tickets.fields.id') },
      {
        id: 'title',
        accessorKey: 'title',
        header: t('tickets.fields.title'),
        cell: ({ row }) => (
          <>
            {row.original.title}
            <span className="d-block d-sm-none small text-body-secondary">
              {machineLabel(row.original) ?? t('tickets.machineNotFound')}
            </span>
          </>
        ),
      },
      {
        id: 'status',
        header: t('tickets.fields.status'),
        cell: ({ row }) => <TicketStatusBadge isOpen={row.original.is_open} />,
      },
      {
        id: 'machine',
        enableSorting: false,
        header: t('tickets.fields.machine'),
        cell: ({ row }) => machineLabel(row.original) ?? t('tickets.machineNotFound'),
      },
      {
        id: 'read',
        enableSorting: false,
        header: () => <span className="visually-hidden">{t('tickets.read')}</span>,
        cell: ({ row }) => (
          <Link
            to={paths.ticket.getHref(lang, row.original.id)}
            aria-label={t('tickets.readTicket', { id: row.original.id })}
            className="stretched-link text-nowrap"
          >
            {t('tickets.read')}
          </Link>
        ),
      },
    ],
    [t, lang],
  );

  return (
    <div className="tickets-list">
      <DataTable
        label={t('tickets.caption')}
        columns={columns}
        page={data}
        query={query}
        onQueryChange={setQuery}
        isError={isError}
        getRowId={(ticket) => String(ticket.id)}
        toolbar={
          <Link className="btn btn-primary" to={paths.newTicket.getHref(lang)}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('tickets.new.title')}
          </Link>
        }
      />
    </div>
  );
}
