import { slicerOctoPrintPath } from '@portal/contract';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { OverlayDialog } from '../../../components/ui/overlay-dialog';
import { showToast } from '../../../lib/toast-store';
import type { IssuedToken } from '../api/create-api-token';
import { slicerUrlPathOf } from '../lib/token-url';

function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ type: 'success', body: t('externalAccess.toast.copied') });
    } catch {
      // No clipboard (an insecure origin, a refused permission): the value stays on screen to copy by hand.
      showToast({ type: 'danger', body: t('externalAccess.toast.copyFailed') });
    }
  };
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup>
        <Form.Control
          readOnly
          value={value}
          className="font-monospace"
          onFocus={(event) => event.target.select()}
        />
        <Button variant="primary" onClick={copy}>
          <i className="bi bi-clipboard me-1" aria-hidden="true" />
          {t('externalAccess.url.copy')}
        </Button>
      </InputGroup>
    </Form.Group>
  );
}

/**
 * The token, once: the Duet URL for PrusaSlicer and Cura (built from the token's access level and destination:
 * 'Invalid token type' for a level this app does not know), where its uploads land when not on the machine, and
 * the OctoPrint URL with the token as API key.
 */
export function TokenUrlDialog({
  controllerId,
  token,
  onClose,
}: {
  controllerId: number;
  token: IssuedToken | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const duetPath = token && slicerUrlPathOf(controllerId, token.level, token.api_token, token.destination);
  const destination = token?.destination;
  return (
    <OverlayDialog
      show={token !== null}
      title={t('externalAccess.url.title')}
      onClose={onClose}
      testId="token-url"
    >
      {token && (
        <>
          <p>{t('externalAccess.url.once')}</p>
          {destination && destination.kind !== 'machine' && (
            <p data-testid="token-destination">
              {t(
                `externalAccess.url.lands.${destination.kind === 'library' ? 'library' : destination.target}`,
                {
                  folder: destination.folder || '/',
                },
              )}
            </p>
          )}
          {duetPath ? (
            <CopyField
              id="token-duet-url"
              label={t('externalAccess.url.duet')}
              value={`${origin}${duetPath}`}
            />
          ) : (
            <Alert variant="danger">{t('externalAccess.url.invalidType')}</Alert>
          )}
          <CopyField
            id="token-octoprint-url"
            label={t('externalAccess.url.octoprint')}
            value={`${origin}${slicerOctoPrintPath(controllerId)}`}
          />
          <CopyField id="token-api-key" label={t('externalAccess.url.apiKey')} value={token.api_token} />
        </>
      )}
    </OverlayDialog>
  );
}
