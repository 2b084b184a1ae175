import { type ReactNode, useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { type PanelTicketRequest, usePanelTicket } from '../api/get-panel-ticket';

export interface PanelFrameProps {
  request: PanelTicketRequest;
  machineName: string;
  /** What outside staff may do about a consent refusal: ask for a service session (docs/design.md §11). */
  consentAction?: ReactNode;
  /**
   * Shown in place of the frame once the control it ran under has ended (a service session ended or expired):
   * the frame is taken down, so the board's page stops retrying and shows no controls that no longer work.
   */
  cover?: ReactNode;
}

/**
 * The machine's web control panel, framed from the machine origin (docs/design.md §5). Each mount and each
 * reload asks for a new ticket: a ticket opens the frame once, within a minute.
 */
export function PanelFrame({ request, machineName, consentAction, cover }: PanelFrameProps) {
  const { t } = useTranslation();
  const [reload, setReload] = useState(0);
  const ticket = usePanelTicket(request, reload, cover === undefined);
  return (
    <Card className="h-100">
      <Card.Header className="d-flex align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0">{t('machinePanel.panel.title')}</h2>
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => setReload((count) => count + 1)}
          disabled={ticket.isFetching || cover !== undefined}
        >
          <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
          {t('machinePanel.panel.reload')}
        </Button>
      </Card.Header>
      <Card.Body className="p-0">
        {cover !== undefined ? (
          cover
        ) : ticket.isPending ? (
          <div className="d-flex justify-content-center align-items-center machine-panel-frame">
            <Spinner animation="border" role="status">
              <span className="visually-hidden">{t('common.loading')}</span>
            </Spinner>
          </div>
        ) : ticket.error instanceof ApiError && ticket.error.code === 'SERVICE_SESSION_REQUIRED' ? (
          // The business requires consent and the viewer, outside it, has no accepted session (docs/design.md §11).
          <Alert variant="warning" className="m-3" data-testid="panel-service-session-required">
            <p className={consentAction ? 'mb-2' : 'mb-0'}>{t('errors.SERVICE_SESSION_REQUIRED')}</p>
            {consentAction}
          </Alert>
        ) : ticket.isError ? (
          <Alert variant="danger" className="m-3">
            {t('machinePanel.panel.unavailable')}
          </Alert>
        ) : (
          <iframe
            key={ticket.data.url}
            src={ticket.data.url}
            title={t('machinePanel.panel.frameTitle', { name: machineName })}
            className="d-block w-100 border-0 machine-panel-frame"
          />
        )}
      </Card.Body>
    </Card>
  );
}
