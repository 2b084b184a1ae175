import { can } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { RemoteServiceCard } from '../../../features/service-sessions/components/remote-service-card';
import { SessionLog } from '../../../features/service-sessions/components/session-log';
import { useTicket } from '../../../features/tickets/api/get-ticket';
import { TicketDetail } from '../../../features/tickets/components/ticket-detail';
import { parseId } from '../../../lib/route-params';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { isMissingRecord, RecordNotFound, recordNotFoundTitle } from '../record-not-found';

/**
 * /tickets/{id}: a ticket that cannot be loaded (or a bad id) is the ticket's not-found page (docs/product.md §8). Beside
 * the details, its remote service card, and under the thread its session log (docs/design.md §11).
 */
export default function TicketRoute() {
  const { t } = useTranslation();
  const _lang = useLanguage();
  const claims = useSession()?.claims;
  const id = parseId(useParams().id);
  const { data: ticket, isError, error, refetch } = useTicket(id);
  // A failed reading again in the background keeps the ticket on screen, unless it says the ticket is gone.
  const missing = id === null || (isError && (!ticket || isMissingRecord(error)));
  usePageTitle(
    missing
      ? recordNotFoundTitle(t, 'ticket', error ?? undefined)
      : ticket
        ? `#${ticket.id} ${ticket.title}`
        : t('tickets.title'),
  );

  if (missing)
    return <RecordNotFound kind="ticket" error={error ?? undefined} onRetry={() => void refetch()} />;
  if (!ticket) return <PageSpinner />;
  return (
    <TicketDetail
      key={ticket.id}
      ticket={ticket}
      canDelete={claims !== undefined && can(claims.role, 'deleteTickets')}
      aside={
        claims && (
          <RemoteServiceCard
            ticketId={ticket.id}
            hasMachine={ticket.machine !== null}
            ticketAuthor={ticket.author}
            viewer={claims}
          />
        )
      }
      footer={<SessionLog ticketId={ticket.id} />}
    />
  );
}
