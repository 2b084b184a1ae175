import type { TwoFactorSetup } from '@portal/contract';
import { useState } from 'react';
import { Badge, Button, Card, Placeholder } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor';
import { wrongCodeAtField } from '../lib/wrong-code';
import { AppCodeField, RecoveryCodesPanel, TotpSetupPanel } from './two-factor-setup';

type Stage =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'off' };

/** One's own two-factor sign-in on the profile (docs/design.md §10): turn on, see the codes once, turn off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const { data: status, isError } = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const idle = () => setStage({ kind: 'idle' });

  return (
    <Card data-testid="two-factor-card">
      <Card.Header as="h2" className="h5 d-flex align-items-center gap-2">
        {t('twoFactor.title')}
        {status && (
          <Badge bg={status.enabled ? 'success' : 'secondary'} data-testid="two-factor-state">
            {status.enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        )}
      </Card.Header>
      <Card.Body>
        {isError && <p className="text-danger mb-0">{t('twoFactor.loadError')}</p>}
        {!status && !isError && (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={8} />
          </Placeholder>
        )}
        {status && stage.kind === 'idle' && (
          <>
            <p>
              {status.enabled
                ? t('twoFactor.textOn', { count: status.recoveryCodesLeft })
                : t('twoFactor.textOff')}
            </p>
            {status.required && <p className="text-body-secondary">{t('twoFactor.required')}</p>}
            {status.enabled ? (
              <Button variant="outline-danger" onClick={() => setStage({ kind: 'off' })}>
                {t('twoFactor.turnOff')}
              </Button>
            ) : (
              <BusyButton
                busy={start.isPending}
                onClick={() =>
                  start.mutate(undefined, { onSuccess: (setup) => setStage({ kind: 'setup', setup }) })
                }
              >
                {t('twoFactor.turnOn')}
              </BusyButton>
            )}
          </>
        )}
        {stage.kind === 'setup' && (
          <TotpSetupPanel
            setup={stage.setup}
            busy={confirm.isPending}
            onCancel={idle}
            onConfirm={(code, refused) =>
              confirm.mutate(
                { code },
                {
                  onSuccess: ({ recoveryCodes }) => setStage({ kind: 'codes', codes: recoveryCodes }),
                  onError: refused,
                },
              )
            }
          />
        )}
        {stage.kind === 'codes' && <RecoveryCodesPanel codes={stage.codes} onDone={idle} />}
        {stage.kind === 'off' && <TurnOffForm onDone={idle} />}
      </Card.Body>
    </Card>
  );
}

function TurnOffForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const submit = form.handleSubmit(({ code }) =>
    disable.mutate(
      { code: code.replace(/\s/g, '') },
      { onSuccess: onDone, onError: (error) => wrongCodeAtField(form, error) },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <AppCodeField id="two-factor-off-code" label={t('twoFactor.offCode')} form={form} />
      <div className="d-flex gap-2">
        <BusyButton type="submit" variant="danger" busy={disable.isPending}>
          {t('twoFactor.turnOff')}
        </BusyButton>
        <Button variant="secondary" onClick={onDone} disabled={disable.isPending}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}
