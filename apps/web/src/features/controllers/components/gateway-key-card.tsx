import type { ComputerController } from '@portal/contract';
import { useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../lib/format';
import { useGenerateGatewayKey } from '../api/generate-gateway-key';
import { GatewayKeyDialog } from './gateway-key-dialog';

/**
 * Gateway provisioning (docs/design.md §3): generates the key the gateway presents, shows it once, and
 * asks before replacing a key, since the old one then stops working.
 */
export function GatewayKeyCard({ controller }: { controller: ComputerController }) {
  const { t, i18n } = useTranslation();
  const generate = useGenerateGatewayKey(controller.id);
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const hasKey = controller.keyCreatedAt !== null;

  const run = () =>
    generate.mutate(undefined, {
      onSuccess: (newKey) => {
        setConfirming(false);
        setKey(newKey);
      },
    });

  return (
    <Card as="section" aria-labelledby="gateway-key-title">
      <Card.Header as="h2" id="gateway-key-title" className="h5">
        {t('hardware.controllers.key.title')}
      </Card.Header>
      <Card.Body>
        <p>{t('hardware.controllers.key.intro')}</p>
        <p>
          {hasKey && controller.keyCreatedAt
            ? t('hardware.controllers.key.since', {
                date: formatDateTime(controller.keyCreatedAt, i18n.language),
              })
            : t('hardware.controllers.key.none')}
        </p>
        <Alert variant="warning">{t('hardware.controllers.key.warning')}</Alert>
        <Button
          variant={hasKey ? 'outline-danger' : 'primary'}
          onClick={() => (hasKey ? setConfirming(true) : run())}
          disabled={generate.isPending}
        >
          {generate.isPending && !confirming && (
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
          )}
          {hasKey ? t('hardware.controllers.key.regenerate') : t('hardware.controllers.key.generate')}
        </Button>
      </Card.Body>
      <ConfirmDialog
        show={confirming}
        title={t('hardware.controllers.key.confirmTitle')}
        confirmLabel={t('hardware.controllers.key.confirm')}
        onConfirm={run}
        onCancel={() => setConfirming(false)}
        busy={generate.isPending}
      >
        {t('hardware.controllers.key.warning')}
      </ConfirmDialog>
      {key !== null && (
        <GatewayKeyDialog controller={controller} gatewayKey={key} onClose={() => setKey(null)} />
      )}
    </Card>
  );
}
