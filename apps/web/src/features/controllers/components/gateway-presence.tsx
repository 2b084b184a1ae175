import type { ComputerController } from '@portal/contract';
import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Whether the controller's gateway is connected now, when it was last in touch, and its version. */
export function GatewayPresence({ gateway }: { gateway: ComputerController['gateway'] }) {
  const { t, i18n } = useTranslation();
  const lastSeen = gateway.lastSeenAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(gateway.lastSeenAt),
      )
    : t('hardware.controllers.presence.never');
  return (
    <Card as="section" aria-labelledby="gateway-presence-title" className="mb-4">
      <Card.Body className="d-flex flex-wrap align-items-center gap-3">
        <h2 id="gateway-presence-title" className="h5 mb-0">
          {t('hardware.controllers.presence.title')}
        </h2>
        <Badge bg={gateway.connected ? 'success' : 'secondary'} data-testid="gateway-presence">
          <i className={`bi ${gateway.connected ? 'bi-wifi' : 'bi-wifi-off'} me-1`} aria-hidden="true" />
          {gateway.connected
            ? t('hardware.controllers.presence.connected')
            : t('hardware.controllers.presence.disconnected')}
        </Badge>
        <span>
          <span className="text-body-secondary">{t('hardware.controllers.presence.lastSeen')}:</span>{' '}
          {lastSeen}
        </span>
        <span>
          <span className="text-body-secondary">{t('hardware.controllers.presence.version')}:</span>{' '}
          {gateway.version ?? t('hardware.controllers.presence.unknownVersion')}
        </span>
      </Card.Body>
    </Card>
  );
}
