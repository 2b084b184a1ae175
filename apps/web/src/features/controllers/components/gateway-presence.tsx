import { type ComputerController, MINIMUM_GATEWAY_VERSION } from '@portal/contract';
import type { ReactNode } from 'react';
import { Alert, Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { firmwareText, gatewayUpdateCommands, uptimeParts, uptimeSecondsAt } from '../lib/gateway-report';

type Gateway = ComputerController['gateway'];

/**
 * Whether the controller's gateway is connected now and when it was last in touch, and what it last reported: its
 * version (with how to update it when the portal no longer supports it), uptime, and its board's firmware and latency.
 */
export function GatewayPresence({ gateway }: { gateway: Gateway }) {
  const { t, i18n } = useTranslation();
  const lastSeen = gateway.lastSeenAt
    ? formatDateTime(gateway.lastSeenAt, i18n.language)
    : t('hardware.controllers.presence.never');
  const { report } = gateway;
  // What stands for the board's firmware and latency while the last report has none.
  const boardNotKnown =
    report && !report.board.reachable
      ? t('hardware.controllers.presence.boardUnreachable')
      : t('hardware.controllers.presence.notReported');
  return (
    <Card as="section" aria-labelledby="gateway-presence-title" className="mb-4">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
          <h2 id="gateway-presence-title" className="h5 mb-0">
            {t('hardware.controllers.presence.title')}
          </h2>
          <Badge bg={gateway.connected ? 'success' : 'secondary'} data-testid="gateway-presence">
            <i className={`bi ${gateway.connected ? 'bi-wifi' : 'bi-wifi-off'} me-1`} aria-hidden="true" />
            {gateway.connected
              ? t('hardware.controllers.presence.connected')
              : t('hardware.controllers.presence.disconnected')}
          </Badge>
        </div>
        <dl className="row mb-0">
          <Fact label={t('hardware.controllers.presence.lastSeen')} testId="gateway-last-seen">
            {lastSeen}
          </Fact>
          <Fact label={t('hardware.controllers.presence.version')} testId="gateway-version">
            {gateway.version ?? t('hardware.controllers.presence.unknownVersion')}
            {gateway.outdated && (
              <Badge bg="warning" text="dark" className="ms-2">
                {t('hardware.controllers.presence.outdatedBadge')}
              </Badge>
            )}
          </Fact>
          <Fact label={t('hardware.controllers.presence.uptime')} testId="gateway-uptime">
            <Uptime gateway={gateway} />
          </Fact>
          <Fact label={t('hardware.controllers.presence.firmware')} testId="gateway-firmware">
            {report?.board.firmware ? firmwareText(report.board.firmware) : boardNotKnown}
          </Fact>
          <Fact label={t('hardware.controllers.presence.latency')} testId="gateway-latency">
            {typeof report?.board.latencyMs === 'number'
              ? t('hardware.controllers.presence.milliseconds', {
                  value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
                    report.board.latencyMs,
                  ),
                })
              : boardNotKnown}
          </Fact>
        </dl>
        {gateway.outdated && <OutdatedGateway version={gateway.version} />}
      </Card.Body>
    </Card>
  );
}

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 col-lg-2 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8 col-lg-4" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** The uptime as of the last report, running on while the gateway is connected (the page asks again often). */
function Uptime({ gateway }: { gateway: Gateway }) {
  const { t } = useTranslation();
  const seconds = uptimeSecondsAt(gateway, Date.now());
  if (seconds === null) return t('hardware.controllers.presence.notReported');
  const { days, hours, minutes } = uptimeParts(seconds);
  if (days > 0) return t('hardware.controllers.presence.uptimeDays', { days, hours });
  if (hours > 0) return t('hardware.controllers.presence.uptimeHours', { hours, minutes });
  if (minutes > 0) return t('hardware.controllers.presence.uptimeMinutes', { minutes });
  return t('hardware.controllers.presence.uptimeUnderMinute');
}

/** A gateway older than the portal supports, and the commands that update it on its computer. */
function OutdatedGateway({ version }: { version: string | null }) {
  const { t } = useTranslation();
  const commands = gatewayUpdateCommands(MINIMUM_GATEWAY_VERSION);
  return (
    <Alert variant="warning" className="mt-3 mb-0" data-testid="gateway-outdated">
      <p>
        {t('hardware.controllers.presence.outdated', {
          version: version ?? '',
          minimum: MINIMUM_GATEWAY_VERSION,
        })}
      </p>
      <p className="mb-1">{t('hardware.controllers.presence.updateApt')}</p>
      <pre className="mb-2">
        <code>{commands.apt}</code>
      </pre>
      <p className="mb-1">{t('hardware.controllers.presence.updateNpm')}</p>
      <pre className="mb-0">
        <code>{commands.npm}</code>
      </pre>
    </Alert>
  );
}
