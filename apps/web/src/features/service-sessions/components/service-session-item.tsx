import type { ServiceSession } from '@portal/contract';
import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useDurationLabel } from '../hooks/use-duration-label';
import {
  isRequester,
  liveState,
  mayDecide,
  mayEnd,
  personName,
  type SessionViewer,
} from '../lib/service-session-rules';
import { ServiceStateBadge } from './service-state-badge';
import { SessionCountdown } from './session-countdown';

/** What a button of a session asks the card to do (each opens its dialog there). */
export type SessionAction = 'accept' | 'reject' | 'end' | 'withdraw';

export interface ServiceSessionItemProps {
  session: ServiceSession;
  viewer: SessionViewer;
  /** The ticket's author: the customer who may decide, besides the business's managers. */
  ticketAuthor: number | null;
  /** The page's clock, ticking every second while a session is active. */
  now: number;
  onAction: (action: SessionAction, session: ServiceSession) => void;
}

function Time({ at }: { at: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={at}>{formatDateTime(at, i18n.language)}</time>;
}

/**
 * One session of the ticket: its state (an active one flips to expired as its countdown reaches zero), who asked,
 * why and for how long, its times, the decision's comment, and the buttons the viewer may use.
 */
export function ServiceSessionItem({
  session,
  viewer,
  ticketAuthor,
  now,
  onAction,
}: ServiceSessionItemProps) {
  const { t } = useTranslation();
  const durationLabel = useDurationLabel();
  const state = liveState(session, now);
  const name = (person: ServiceSession['requester']) =>
    personName(person) ?? t('serviceSessions.unknownPerson');
  const rows: [string, ReactNode][] = [
    [t('serviceSessions.fields.duration'), durationLabel(session.hours)],
    [t('serviceSessions.fields.requestedAt'), <Time key="requested" at={session.requestedAt} />],
    ...(session.decidedAt
      ? ([
          [t('serviceSessions.fields.decidedAt'), <Time key="decided" at={session.decidedAt} />],
          [t('serviceSessions.fields.decidedBy'), name(session.decidedBy)],
        ] as [string, ReactNode][])
      : []),
    ...(session.comment
      ? ([[t('serviceSessions.fields.comment'), <q key="comment">{session.comment}</q>]] as [
          string,
          ReactNode,
        ][])
      : []),
    ...(session.endsAt && session.endedAt === null
      ? ([[t('serviceSessions.fields.endsAt'), <Time key="ends" at={session.endsAt} />]] as [
          string,
          ReactNode,
        ][])
      : []),
    ...(session.endedAt
      ? ([
          [t('serviceSessions.fields.endedAt'), <Time key="ended" at={session.endedAt} />],
          [t('serviceSessions.fields.endedBy'), name(session.endedBy)],
        ] as [string, ReactNode][])
      : []),
  ];
  const own = isRequester(viewer, session);
  const actions: { action: SessionAction; variant: string; icon: string }[] = [
    ...(state === 'requested' && mayDecide(viewer, session, ticketAuthor)
      ? [
          { action: 'accept' as const, variant: 'success', icon: 'check-lg' },
          { action: 'reject' as const, variant: 'outline-danger', icon: 'x-lg' },
        ]
      : []),
    ...(state === 'requested' && own
      ? [{ action: 'withdraw' as const, variant: 'outline-secondary', icon: 'arrow-counterclockwise' }]
      : []),
    ...(state === 'active' && mayEnd(viewer, session)
      ? [{ action: 'end' as const, variant: 'outline-danger', icon: 'stop-circle' }]
      : []),
  ];

  return (
    <article
      className="border rounded p-3"
      data-testid="service-session"
      data-session-id={session.id}
      data-state={state}
      aria-labelledby={`service-session-${session.id}-title`}
    >
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3
          id={`service-session-${session.id}-title`}
          className="h6 mb-0"
          data-testid="service-session-requester"
        >
          <span className="visually-hidden">{t('serviceSessions.fields.requester')}: </span>
          {name(session.requester)}
        </h3>
        <ServiceStateBadge state={state} />
      </div>
      <p className="mb-2" style={{ whiteSpace: 'pre-wrap' }} data-testid="service-session-reason">
        <span className="visually-hidden">{t('serviceSessions.fields.reason')}: </span>
        {session.reason}
      </p>
      {state === 'active' && session.endsAt && (
        <p className="mb-2">
          <span className="me-2">{t('serviceSessions.fields.remaining')}:</span>
          <SessionCountdown endsAt={Date.parse(session.endsAt)} now={now} />
        </p>
      )}
      <dl className="small mb-0">
        {rows.map(([label, value]) => (
          <div key={label} className="row">
            <dt className="col-5 fw-normal text-body-secondary">{label}</dt>
            <dd className="col-7 mb-1">{value}</dd>
          </div>
        ))}
      </dl>
      {actions.length > 0 && (
        <div className="d-flex flex-wrap gap-2 mt-2">
          {actions.map(({ action, variant, icon }) => (
            <Button key={action} size="sm" variant={variant} onClick={() => onAction(action, session)}>
              <i className={`bi bi-${icon} me-1`} aria-hidden="true" />
              {t(`serviceSessions.actions.${action}`)}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}
