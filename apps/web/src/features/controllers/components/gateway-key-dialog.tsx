import type { ComputerController } from '@portal/contract';
import { Alert, Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { OverlayDialog } from '../../../components/ui/overlay-dialog';
import { saveText } from '../../../lib/save-text';
import { showToast } from '../../../lib/toast-store';
import { useController } from '../api/get-controller';
import {
  connectedSince,
  GATEWAY_CHECK_COMMAND,
  GATEWAY_CONFIG_FILE,
  GATEWAY_INSTALL_COMMANDS,
  GATEWAY_SECRETS_FILE,
  gatewayConfigFile,
  gatewaySecretsFile,
} from '../lib/gateway-setup';
import { GatewayPackages } from './gateway-packages';

/** While the dialog waits for the gateway, the controller is asked again this often. */
const WAIT_POLL_MS = 2000;

/**
 * Shows a new gateway key this once, with the files that set a gateway up with it and the commands that
 * install them, then waits for the gateway to dial in; closing the dialog forgets the key.
 */
export function GatewayKeyDialog({
  controller,
  gatewayKey,
  onClose,
}: {
  controller: ComputerController;
  gatewayKey: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const since = controller.keyCreatedAt ? Date.parse(controller.keyCreatedAt) : Number.POSITIVE_INFINITY;
  const latest = useController(controller.id, { refetchInterval: WAIT_POLL_MS, silent: true }).data;
  const connected = latest ? connectedSince(latest.gateway, since) : false;
  const config = gatewayConfigFile({ server: window.location.origin, controller: controller.id });

  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ type: 'success', body: done });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the text stays on screen to copy by hand.
      showToast({
        type: 'danger',
        header: t('hardware.controllers.key.copyFailed'),
        body: t('hardware.controllers.key.copyFailedBody'),
      });
    }
  };

  return (
    <OverlayDialog show title={t('hardware.controllers.key.dialogTitle')} onClose={onClose}>
      <p>{t('hardware.controllers.key.once')}</p>
      <Form.Group controlId="gateway-key" className="mb-4">
        <Form.Label>{t('hardware.controllers.key.label')}</Form.Label>
        <InputGroup>
          <Form.Control
            readOnly
            value={gatewayKey}
            className="font-monospace"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            variant="outline-secondary"
            onClick={() => void copy(gatewayKey, t('hardware.controllers.key.copied'))}
          >
            <i className="bi bi-clipboard me-1" aria-hidden="true" />
            {t('hardware.controllers.key.copy')}
          </Button>
        </InputGroup>
      </Form.Group>

      <h3 className="h6">{t('hardware.controllers.setup.title')}</h3>
      <p>{t('hardware.controllers.setup.install')}</p>
      <GatewayPackages />
      <p>{t('hardware.controllers.setup.files', { board: t('hardware.controllers.setup.boardField') })}</p>
      <p>{t('hardware.controllers.setup.webcam')}</p>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button
          variant="outline-secondary"
          onClick={() => saveText(config, GATEWAY_CONFIG_FILE, 'application/json')}
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          {GATEWAY_CONFIG_FILE}
        </Button>
        <Button
          variant="outline-secondary"
          onClick={() => saveText(gatewaySecretsFile(gatewayKey), GATEWAY_SECRETS_FILE)}
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          {GATEWAY_SECRETS_FILE}
        </Button>
      </div>
      <Form.Group controlId="gateway-config" className="mb-3">
        <Form.Label>{GATEWAY_CONFIG_FILE}</Form.Label>
        <Form.Control as="textarea" readOnly rows={6} value={config} className="font-monospace small" />
      </Form.Group>
      <Form.Group controlId="gateway-install" className="mb-3">
        <Form.Label>{t('hardware.controllers.setup.commands')}</Form.Label>
        <Form.Control
          as="textarea"
          readOnly
          rows={4}
          value={GATEWAY_INSTALL_COMMANDS}
          className="font-monospace small"
        />
        <Button
          variant="link"
          size="sm"
          className="px-0"
          onClick={() => void copy(GATEWAY_INSTALL_COMMANDS, t('hardware.controllers.setup.copied'))}
        >
          <i className="bi bi-clipboard me-1" aria-hidden="true" />
          {t('hardware.controllers.setup.copyCommands')}
        </Button>
      </Form.Group>

      <Form.Group controlId="gateway-check" className="mb-3">
        <Form.Label>{t('hardware.controllers.pairing.checkCommand')}</Form.Label>
        <Form.Control
          as="textarea"
          readOnly
          rows={2}
          value={GATEWAY_CHECK_COMMAND}
          className="font-monospace small"
        />
      </Form.Group>

      <Alert variant={connected ? 'success' : 'secondary'} className="mb-0" data-testid="gateway-wait">
        {connected ? (
          <>
            <i className="bi bi-check-circle-fill me-2" aria-hidden="true" />
            {t('hardware.controllers.setup.connected')}
          </>
        ) : (
          <>
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            {t('hardware.controllers.setup.waiting')}
          </>
        )}
      </Alert>
    </OverlayDialog>
  );
}
