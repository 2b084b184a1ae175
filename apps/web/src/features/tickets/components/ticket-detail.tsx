import type { Ticket } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useDeleteTicket } from '../api/delete-ticket';
import { useTicketAnswers } from '../api/get-ticket-answers';
import { useTicketAuthors } from '../api/get-ticket-authors';
import { useSetTicketOpen } from '../api/update-ticket';
import { authorName } from './author-name';
import { machineLabel } from './machine-label';
import { ReplyBox } from './reply-box';
import { TicketStatusBadge } from './ticket-status-badge';
import { TicketThread } from './ticket-thread';

export interface TicketDetailProps {
  ticket: Ticket;
  /** Administrators delete tickets (docs/product.md §6). */
  canDelete: boolean;
  /** Composed by the route from other features: shown under the conversation (the remote service card). */
  aside?: ReactNode;
  /** Composed by the route: shown last (the session log). */
  footer?: ReactNode;
}

/**
 * /tickets/{id}: what the ticket is about first (its description, machine, author and date), then the conversation
 * with the reply box right under it, then what concerns remote service; close or reopen, and delete for
 * administrators. One column, in that order, on every screen.
 */
export function TicketDetail({ ticket, canDelete, aside, footer }: TicketDetailProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const answers = useTicketAnswers(ticket.id);
  const { data: authors } = useTicketAuthors(ticket.id, answers.data?.length);
  const setOpen = useSetTicketOpen(ticket.id);
  const remove = useDeleteTicket(ticket.id);
  const [confirming, setConfirming] = useState(false);
  const machine = machineLabel(ticket);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <h1 className="h3 mb-0 d-flex flex-wrap align-items-center gap-2">
          <span>{`#${ticket.id} ${ticket.title}`}</span>
          <TicketStatusBadge isOpen={ticket.is_open} />
        </h1>
        <div className="d-flex flex-wrap gap-2">
          <Button
            variant={ticket.is_open ? 'outline-secondary' : 'outline-success'}
            onClick={() => setOpen.mutate(!ticket.is_open)}
            disabled={setOpen.isPending}
          >
            {t(ticket.is_open ? 'tickets.actions.close' : 'tickets.actions.reopen')}
          </Button>
          {canDelete && (
            <Button variant="outline-danger" onClick={() => setConfirming(true)}>
              <i className="bi bi-trash me-1" aria-hidden="true" />
              {t('common.delete')}
            </Button>
          )}
        </div>
      </div>
      <div className="d-flex flex-column gap-4 ticket-page">
        <Card as="section" aria-labelledby="ticket-description-title">
          <Card.Header as="h2" id="ticket-description-title" className="h5">
            {t('tickets.fields.description')}
          </Card.Header>
          <Card.Body>
            <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
              {ticket.content}
            </p>
          </Card.Body>
          <Card.Footer className="small">
            <dl className="ticket-facts mb-0">
              <div>
                <dt>{t('tickets.fields.machine')}</dt>
                <dd>
                  {machine !== null && ticket.machine !== null ? (
                    <Link to={paths.machineSettings.getHref(lang, ticket.machine)}>{machine}</Link>
                  ) : (
                    t('tickets.machineNotFound')
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('tickets.fields.author')}</dt>
                <dd>{authorName(authors, ticket.author) ?? t('tickets.unknownAuthor')}</dd>
              </div>
              <div>
                <dt>{t('tickets.fields.opened')}</dt>
                <dd>
                  <time dateTime={ticket.datetime}>{formatDateTime(ticket.datetime, lang)}</time>
                </dd>
              </div>
            </dl>
          </Card.Footer>
        </Card>
        <section aria-labelledby="ticket-thread-title" className="d-flex flex-column gap-3">
          <h2 id="ticket-thread-title" className="h5 mb-0">
            {t('tickets.thread.title')}
          </h2>
          <TicketThread answers={answers.data} authors={authors} isError={answers.isError} />
          <ReplyBox ticketId={ticket.id} />
        </section>
        {aside}
        {footer}
      </div>
      <ConfirmDialog
        show={confirming}
        title={t('tickets.delete.title')}
        confirmLabel={t('common.delete')}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate(paths.tickets.getHref(lang)) })}
        onCancel={() => setConfirming(false)}
        busy={remove.isPending}
      >
        {t('tickets.delete.text', { id: ticket.id, title: ticket.title })}
      </ConfirmDialog>
    </>
  );
}
