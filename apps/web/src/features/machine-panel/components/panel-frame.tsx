import { type ReactNode, useRef, useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { getPanelTicket, type PanelTicketRequest, usePanelTicket } from '../api/get-panel-ticket';
import { useFullscreen } from '../hooks/use-fullscreen';

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
 * reload asks for a new ticket: a ticket opens the frame once, within a minute. The frame can fill the screen, and
 * the panel can open in a tab of its own, on a ticket of its own (the same address and the same access rules).
 */
export function PanelFrame({ request, machineName, consentAction, cover }: PanelFrameProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [reload, setReload] = useState(0);
  const ticket = usePanelTicket(request, reload, cover === undefined);
  const container = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(container);
  const [tabFailed, setTabFailed] = useState(false);

  const openInTab = () => {
    setTabFailed(false);
    // Opened at once, within the click, so that no pop-up blocker stops it; the ticket's address follows.
    const tab = window.open('', '_blank');
    if (!tab) {
      setTabFailed(true);
      return;
    }
    tab.opener = null;
    getPanelTicket({ ...request, language }).then(
      ({ url }) => tab.location.replace(url),
      () => {
        tab.close();
        setTabFailed(true);
      },
    );
  };

  const framed = ticket.isSuccess && cover === undefined;
  return (
    <Card className="h-100 machine-panel-card" ref={container}>
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0">{t('machinePanel.panel.title')}</h2>
        <div className="d-flex flex-wrap gap-2">
          {fullscreen.supported && framed && (
            <Button variant="outline-secondary" size="sm" onClick={fullscreen.toggle}>
              <i
                className={`bi ${fullscreen.active ? 'bi-fullscreen-exit' : 'bi-arrows-fullscreen'} me-1`}
                aria-hidden="true"
              />
              {fullscreen.active
                ? t('machinePanel.panel.exitFullscreen')
                : t('machinePanel.panel.fullscreen')}
            </Button>
          )}
          {framed && !fullscreen.active && (
            <Button variant="outline-secondary" size="sm" onClick={openInTab}>
              <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
              {t('machinePanel.panel.newTab')}
            </Button>
          )}
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => setReload((count) => count + 1)}
            disabled={ticket.isFetching || cover !== undefined}
          >
            <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
            {t('machinePanel.panel.reload')}
          </Button>
        </div>
      </Card.Header>
      {tabFailed && (
        <Alert
          variant="warning"
          className="m-3 mb-0"
          dismissible
          closeLabel={t('common.close')}
          onClose={() => setTabFailed(false)}
        >
          {t('machinePanel.panel.newTabFailed')}
        </Alert>
      )}
      <Card.Body className="p-0 machine-panel-body">
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
