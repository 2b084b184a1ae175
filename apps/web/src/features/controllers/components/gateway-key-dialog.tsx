import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { OverlayDialog } from '../../../components/ui/overlay-dialog';
import { showToast } from '../../../lib/toast-store';

/** Shows a new gateway key this once, with a copy button; closing the dialog forgets it. */
export function GatewayKeyDialog({ gatewayKey, onClose }: { gatewayKey: string; onClose: () => void }) {
  const { t } = useTranslation();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(gatewayKey);
      showToast({ type: 'success', body: t('hardware.controllers.key.copied') });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the key stays on screen to copy by hand.
      showToast({
        type: 'danger',
        header: t('hardware.controllers.key.copyFailed'),
        body: t('hardware.controllers.key.copyFailedBody'),
      });
    }
  };

  return (
    <OverlayDialog show title={t('hardware.controllers.key.dialogTitle')} onDeny={onClose}>
      <p>{t('hardware.controllers.key.once')}</p>
      <Form.Group controlId="gateway-key">
        <Form.Label>{t('hardware.controllers.key.label')}</Form.Label>
        <InputGroup>
          <Form.Control
            readOnly
            value={gatewayKey}
            className="font-monospace"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline-secondary" onClick={() => void copy()}>
            <i className="bi bi-clipboard me-1" aria-hidden="true" />
            {t('hardware.controllers.key.copy')}
          </Button>
        </InputGroup>
      </Form.Group>
    </OverlayDialog>
  );
}
