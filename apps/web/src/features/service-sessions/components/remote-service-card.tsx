import type { ServiceSession } from '@portal/contract';
import { useState } from 'react';
import { Card, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useAt, useNow } from '../../../lib/timers';
import { useEndServiceSession, useRefreshServiceSessions } from '../api/change-service-session';
import { useTicketServiceSessions } from '../api/get-service-sessions';
import {
  personName,
  type SessionViewer,
  sessionRequestOffer,
  showsRemoteService,
} from '../lib/service-session-rules';
import { DecisionDialog } from './decision-dialog';
import { RequestSessionForm } from './request-session-form';
import { ServiceSessionItem, type SessionAction } from './service-session-item';

export interface RemoteServiceCardProps {
  ticketId: number;
  /** Whether the ticket names a machine: a session is always for the ticket's machine. */
  hasMachine: boolean;
  /** The ticket's author, the customer who may decide besides the business's managers. */
  ticketAuthor: number | null;
  viewer: SessionViewer;
}

const CLOCK_MS = 1000;

/**
 * The ticket's "Remote service" card (docs/design.md §11): its service sessions, newest first, with their state
 * and an active one's countdown; the request form for staff who need one; accept, reject, end and withdraw, each
 * with its dialog. Nothing at all for a viewer who has nothing to do with sessions on this ticket.
 */
export function RemoteServiceCard({ ticketId, hasMachine, ticketAuthor, viewer }: RemoteServiceCardProps) {
  const { t } = useTranslation();
  const { data: sessions, isError } = useTicketServiceSessions(ticketId);
  const [pending, setPending] = useState<{ action: SessionAction; session: ServiceSession } | null>(null);
  const end = useEndServiceSession();
  const close = () => setPending(null);
  // Until the sessions are known, only those who may ask see the card's place held.
  if (!showsRemoteService(viewer, hasMachine, sessions ?? [])) return null;
  const offer = sessions ? sessionRequestOffer(viewer, hasMachine, sessions) : 'none';

  return (
    <Card as="section" aria-labelledby="remote-service-title" data-testid="remote-service">
      <Card.Header as="h2" id="remote-service-title" className="h5">
        {t('serviceSessions.title')}
      </Card.Header>
      <Card.Body className="d-flex flex-column gap-3">
        {isError ? (
          <p className="text-danger mb-0">{t('table.loadError')}</p>
        ) : !sessions ? (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={12} />
          </Placeholder>
        ) : sessions.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('serviceSessions.empty')}</p>
        ) : (
          <SessionList
            sessions={sessions}
            viewer={viewer}
            ticketAuthor={ticketAuthor}
            onAction={(action, session) => setPending({ action, session })}
          />
        )}
        {!hasMachine && <p className="text-body-secondary small mb-0">{t('serviceSessions.noMachine')}</p>}
        {offer === 'pending' && (
          <p className="text-body-secondary small mb-0" data-testid="service-request-pending">
            {t('serviceSessions.request.pending')}
          </p>
        )}
        {offer === 'form' && <RequestSessionForm ticketId={ticketId} />}
      </Card.Body>
      {pending && (pending.action === 'accept' || pending.action === 'reject') && (
        <DecisionDialog session={pending.session} accept={pending.action === 'accept'} onClose={close} />
      )}
      {pending && (pending.action === 'end' || pending.action === 'withdraw') && (
        <ConfirmDialog
          show
          title={t(pending.action === 'end' ? 'serviceSessions.end.title' : 'serviceSessions.withdraw.title')}
          confirmLabel={t(`serviceSessions.actions.${pending.action}`)}
          busy={end.isPending}
          onCancel={close}
          onConfirm={() => end.mutate(pending.session.id, { onSettled: close })}
        >
          {t(pending.action === 'end' ? 'serviceSessions.end.text' : 'serviceSessions.withdraw.text', {
            machine: pending.session.machineName ?? `#${pending.session.controller}`,
            name: personName(pending.session.requester) ?? t('serviceSessions.unknownPerson'),
          })}
        </ConfirmDialog>
      )}
    </Card>
  );
}

/**
 * The sessions, on a clock ticking every second (its own component, so only the list re-renders); when an active
 * one reaches its end it reads as expired at once, and the sessions are read again for the server's word.
 */
function SessionList({
  sessions,
  viewer,
  ticketAuthor,
  onAction,
}: {
  sessions: readonly ServiceSession[];
  viewer: SessionViewer;
  ticketAuthor: number | null;
  onAction: (action: SessionAction, session: ServiceSession) => void;
}) {
  const { t } = useTranslation();
  const tick = useNow(CLOCK_MS);
  // Set at the very instant the first active session ends, so it flips then rather than at the next tick.
  const [reached, setReached] = useState(0);
  const now = Math.max(tick, reached);
  const refresh = useRefreshServiceSessions();
  const ends = sessions
    .filter((session) => session.state === 'active' && session.endsAt !== null)
    .map((session) => Date.parse(session.endsAt as string));
  useAt(ends.length > 0 ? Math.min(...ends) : null, () => {
    setReached(Date.now());
    refresh();
  });
  return (
    <ul className="list-unstyled d-flex flex-column gap-3 mb-0" aria-label={t('serviceSessions.list')}>
      {sessions.map((session) => (
        <li key={session.id}>
          <ServiceSessionItem
            session={session}
            viewer={viewer}
            ticketAuthor={ticketAuthor}
            now={now}
            onAction={onAction}
          />
        </li>
      ))}
    </ul>
  );
}
