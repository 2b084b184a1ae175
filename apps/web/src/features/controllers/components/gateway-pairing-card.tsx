import { type ComputerController, pairingClaimBodySchema } from '@portal/contract';
import { useState } from 'react';
import { Alert, Card, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useController } from '../api/get-controller';
import { usePairGateway } from '../api/pair-gateway';
import {
  BOARD_ADDRESS_PLACEHOLDER,
  connectedSince,
  GATEWAY_CHECK_COMMAND,
  GATEWAY_START_COMMAND,
  gatewayPairCommand,
} from '../lib/gateway-setup';
import { GatewayPackages } from './gateway-packages';

/** While the card waits for the paired gateway, the controller is asked again this often. */
const WAIT_POLL_MS = 2000;

function Commands({ id, label, lines }: { id: string; label: string; lines: string[] }) {
  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as="textarea"
        readOnly
        rows={lines.length}
        value={lines.join('\n')}
        className="font-monospace small command-lines"
      />
    </Form.Group>
  );
}

/**
 * Adding a machine with a pairing code (docs/product.md §3a): the gateway's packages and the commands that install
 * it, start pairing and check it; then the code the gateway shows, with the board's and webcam's addresses. The
 * gateway's own key becomes the controller's: nobody copies a secret. Afterwards the card waits for it to connect.
 */
export function GatewayPairingCard({ controller }: { controller: ComputerController }) {
  const { t } = useTranslation();
  const pair = usePairGateway(controller.id);
  const [pairedAt, setPairedAt] = useState<number | null>(null);
  const latest = useController(controller.id, {
    silent: true,
    ...(pairedAt !== null && { refetchInterval: WAIT_POLL_MS }),
  }).data;
  const connected = pairedAt !== null && latest ? connectedSince(latest.gateway, pairedAt) : false;
  const form = useSchemaForm(pairingClaimBodySchema, {
    defaultValues: { code: '', board: '', webcam: null },
  });

  const submit = form.handleSubmit((body) =>
    pair.mutate(body, {
      onSuccess: (paired) => {
        setPairedAt(paired.keyCreatedAt ? Date.parse(paired.keyCreatedAt) : Date.now());
        form.reset();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
          form.setError(
            'code',
            { message: t('hardware.controllers.pairing.unknownCode') },
            { shouldFocus: true },
          );
        }
      },
    }),
  );

  return (
    <Card as="section" aria-labelledby="gateway-pairing-title">
      <Card.Header as="h2" id="gateway-pairing-title" className="h5">
        {t('hardware.controllers.pairing.title')}
      </Card.Header>
      <Card.Body>
        <p>{t('hardware.controllers.pairing.intro')}</p>
        <h3 className="h6">{t('hardware.controllers.pairing.installTitle')}</h3>
        <GatewayPackages />
        <Commands
          id="gateway-pair-command"
          label={t('hardware.controllers.pairing.pairCommand')}
          lines={[gatewayPairCommand(window.location.origin)]}
        />
        <Commands
          id="gateway-start-command"
          label={t('hardware.controllers.pairing.startCommand')}
          lines={[GATEWAY_START_COMMAND]}
        />
        <Commands
          id="gateway-check-command"
          label={t('hardware.controllers.pairing.checkCommand')}
          lines={[GATEWAY_CHECK_COMMAND]}
        />
        <h3 className="h6">{t('hardware.controllers.pairing.codeTitle')}</h3>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            id="pairing-code"
            label={t('hardware.controllers.pairing.code')}
            required
            autoComplete="off"
            help={t('hardware.controllers.pairing.codeHelp')}
            {...fieldProps(form, 'code')}
          />
          <TextField
            id="pairing-board"
            label={t('hardware.controllers.pairing.board')}
            required
            help={t('hardware.controllers.pairing.boardHelp', { example: BOARD_ADDRESS_PLACEHOLDER })}
            {...fieldProps(form, 'board')}
          />
          <TextField
            id="pairing-webcam"
            label={t('hardware.controllers.pairing.webcam')}
            help={t('hardware.controllers.pairing.webcamHelp')}
            {...fieldProps(form, 'webcam', {
              // An empty field is no webcam; the form starts with none (null).
              setValueAs: (value: string | null) => (value ?? '').trim() || null,
            })}
          />
          <BusyButton type="submit" busy={pair.isPending}>
            {t('hardware.controllers.pairing.submit')}
          </BusyButton>
        </form>
        {pairedAt !== null && (
          <Alert
            variant={connected ? 'success' : 'secondary'}
            className="mt-3 mb-0"
            data-testid="pairing-wait"
          >
            {connected ? (
              <>
                <i className="bi bi-check-circle-fill me-2" aria-hidden="true" />
                {t('hardware.controllers.pairing.connected')}
              </>
            ) : (
              <>
                <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
                {t('hardware.controllers.pairing.waiting')}
              </>
            )}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
