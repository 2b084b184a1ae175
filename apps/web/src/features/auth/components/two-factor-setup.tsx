import type { TwoFactorSetup } from '@portal/contract';
import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../lib/toast-store';
import { wrongCodeAtField } from '../lib/wrong-code';

/** The QR code of an `otpauth://` URI as an SVG data URL; the library loads only here, on the set-up screen. */
function useQrCode(uri: string): string | undefined {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qrcode) => {
      const svg = await qrcode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return src;
}

/**
 * A new secret to put in an authenticator app (the QR code, or the key typed) and its first code to confirm
 * it; shared by one's profile and the set-up an administrator requires at sign-in.
 */
export function TotpSetupPanel({
  setup,
  busy,
  onConfirm,
  onCancel,
}: {
  setup: TwoFactorSetup;
  busy: boolean;
  /** The code typed, and how to say beside the field that the call refused it (`wrongCodeAtField`). */
  onConfirm: (code: string, refused: (error: unknown) => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const qr = useQrCode(setup.uri);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const submit = form.handleSubmit(({ code }) =>
    onConfirm(code.replace(/\s/g, ''), (error) => wrongCodeAtField(form, error)),
  );
  return (
    <form noValidate onSubmit={submit} data-testid="totp-setup">
      <p>{t('login.twoFactor.scan')}</p>
      <div className="text-center mb-3" style={{ minHeight: 200 }}>
        {qr && <img src={qr} alt={t('login.twoFactor.qrAlt')} width={200} height={200} />}
      </div>
      <p className="mb-1">{t('login.twoFactor.secret')}</p>
      <p>
        <code data-testid="totp-secret" className="user-select-all fs-6">
          {setup.secret}
        </code>
      </p>
      <AppCodeField id="totp-setup-code" label={t('login.twoFactor.setupCode')} form={form} />
      <div className="d-flex gap-2">
        <BusyButton type="submit" busy={busy}>
          {t('login.twoFactor.confirm')}
        </BusyButton>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('login.twoFactor.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The ten recovery codes, shown this once, to copy or download before going on. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const copy = () =>
    void navigator.clipboard
      ?.writeText(text)
      .then(() => showToast({ type: 'success', body: t('login.twoFactor.copied') }));
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  };
  return (
    <section aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="h5">
        {t('login.twoFactor.recoveryTitle')}
      </h2>
      <Alert variant="warning">{t('login.twoFactor.recoveryText')}</Alert>
      <ul className="list-unstyled font-monospace row row-cols-2 mb-3" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-secondary" onClick={copy}>
          {t('login.twoFactor.copy')}
        </Button>
        <Button variant="outline-secondary" onClick={download}>
          {t('login.twoFactor.download')}
        </Button>
        <Button onClick={onDone}>{t('login.twoFactor.done')}</Button>
      </div>
    </section>
  );
}

/** The six digits the authenticator app shows, checked as typed (spaces allowed): set-up and turning off. */
export function AppCodeField({
  id,
  label,
  form,
}: {
  id: string;
  label: string;
  form: UseFormReturn<{ code: string }>;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      id={id}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      registration={form.register('code', {
        validate: (value) => /^\s*\d{6}\s*$/.test(value) || t('login.twoFactor.codeRequired'),
      })}
      error={form.formState.errors.code?.message}
    />
  );
}
