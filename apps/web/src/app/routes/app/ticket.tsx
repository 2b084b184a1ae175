import { can } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { RemoteServiceCard } from '../../../features/service-sessions/components/remote-service-card';
import { SessionLog } from '../../../features/service-sessions/components/session-log';
import { useTicket } from '../../../features/tickets/api/get-ticket';
import { TicketDetail } from '../../../features/tickets/components/ticket-detail';
import { parseId } from '../../../lib/route-params';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * /tickets/{id}: a ticket that cannot be loaded (or a bad id) goes back to /tickets (docs/product.md §8). Beside
 * the details, its remote service card, and under the thread its session log (docs/design.md §11).
 */
export default function TicketRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const claims = useSession()?.claims;
  const id = parseId(useParams().id);
  const { data: ticket, isError } = useTicket(id);
  usePageTitle(ticket ? `#${ticket.id} ${ticket.title}` : t('tickets.title'));

  if (id === null || isError) return <Navigate replace to={paths.tickets.getHref(lang)} />;
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
