import {
  type ComputerController,
  can,
  type MachineGroup,
  PROXY_FIRMWARE_VALUES,
  Role,
} from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { Alert, Button, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { STORAGE_KEYS } from '../../../config/storage-keys';
import { useLanguage } from '../../../lib/use-language';
import { useStoredFlag } from '../../../lib/use-stored-flag';
import { LicenseNotices } from './license-notices';
import { licenseStanding, showsControls } from './license-standing';
import { PanelFrame } from './panel-frame';
import { WebcamView } from './webcam-view';

export interface MachinePanelProps {
  group: MachineGroup;
  controller: ComputerController;
  /** The viewer's role: the proxy path, controls despite an expired licence, low latency (section 6). */
  role: Role;
  /** The portal's own live summary, above the panel. */
  summary?: ReactNode;
  /** What to show in place of the board's page while it cannot answer (it would only show an error). */
  unavailable?: ReactNode;
  /** Whom a customer asks for a licence (the operator's name and contacts). */
  licenseContact: string;
  /** The machine's business when it is suspended, for administrators (its users cannot sign in). */
  suspendedBusiness?: string | undefined;
  /** In the frame's consent refusal: asking for a service session (outside staff). */
  consentAction?: ReactNode;
  /** In place of the frame once the service session it ran under has ended. */
  frameCover?: ReactNode;
  /** Beside the licence notices when the licence has ended or ends soon: asking for its renewal. */
  licenseAction?: ReactNode;
}

const proxyFirmwareOf = (firmware: number) =>
  PROXY_FIRMWARE_VALUES.find((value) => value === String(firmware)) ?? '0';

/**
 * /machines/{id}: the machine's web control panel and its webcam (docs/product.md §2). The panel has the page's
 * whole width (a board's page needs it); the webcam stands under it, shown or hidden by its one switch.
 */
export function MachinePanel({
  group,
  controller,
  role,
  summary,
  unavailable,
  licenseContact,
  suspendedBusiness,
  consentAction,
  frameCover,
  licenseAction,
}: MachinePanelProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [webcamShown, setWebcamShown] = useStoredFlag(STORAGE_KEYS.webcamEnabled, true);
  // The page is not kept open for days: the licence is judged when it opens.
  const [standing] = useState(() => licenseStanding(controller.licenseDetails, Date.now()));
  const isAdministrator = role === Role.Administrator;
  const controls = showsControls(standing, can(role, 'expiredControlPanel'));
  const request = {
    controllerId: controller.id,
    path: isAdministrator ? 'admin' : 'customer',
    firmware: proxyFirmwareOf(group.firmware),
  } as const;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{group.name}</h1>
        <div className="d-flex flex-wrap gap-2">
          <Link
            className="btn btn-outline-secondary btn-sm"
            to={paths.machineSettings.getHref(lang, group.id)}
          >
            <i className="bi bi-gear me-1" aria-hidden="true" />
            {t('machinePanel.settings')}
          </Link>
          {controls && (
            <Button variant="outline-secondary" size="sm" onClick={() => setWebcamShown(!webcamShown)}>
              <i
                className={`bi ${webcamShown ? 'bi-camera-video-off' : 'bi-camera-video'} me-1`}
                aria-hidden="true"
              />
              {webcamShown ? t('machinePanel.hideWebcam') : t('machinePanel.showWebcam')}
            </Button>
          )}
        </div>
      </div>
      {suspendedBusiness !== undefined && (
        <Alert variant="warning" data-testid="business-suspended">
          <i className="bi bi-slash-circle me-2" aria-hidden="true" />
          {t('machinePanel.businessSuspended', { name: suspendedBusiness })}
        </Alert>
      )}
      <LicenseNotices
        standing={standing}
        isAdministrator={isAdministrator}
        controllerId={controller.id}
        contact={licenseContact}
        action={licenseAction}
      />
      {/* The portal's own summary stays while the licence has ended: the state and last job, read only. */}
      {summary}
      {controls && (
        <Row className="g-3">
          <Col xs={12}>
            {unavailable ?? (
              <PanelFrame
                request={request}
                machineName={group.name}
                consentAction={consentAction}
                cover={frameCover}
              />
            )}
          </Col>
          {webcamShown && (
            <Col xs={12} lg={8} xl={6}>
              <WebcamView controllerId={controller.id} canUseLowLatency={can(role, 'webcamLowLatency')} />
            </Col>
          )}
        </Row>
      )}
    </>
  );
}
