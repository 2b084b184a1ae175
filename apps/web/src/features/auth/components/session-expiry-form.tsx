import type { SessionClaims } from '@portal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { storeSession } from '../../../lib/session-store';
import { useSessionRefresh } from '../api/login';
import { useLoginForm } from '../hooks/use-login-form';
import { useTimeLeft } from '../hooks/use-time-left';
import { LoginFields } from './login-fields';

/** The countdown of the popup; its own component so only it re-renders every second. */
function Countdown({ claims }: { claims: SessionClaims }) {
  const { t } = useTranslation();
  const timeLeft = useTimeLeft(claims);
  return (
    <p className="fw-semibold">
      {t('session.expiring.timeLeft')}: <span data-testid="session-expiry-time-left">{timeLeft}</span>
    </p>
  );
}

export interface SessionExpiryFormProps {
  show: boolean;
  email: string | undefined;
  claims: SessionClaims | undefined;
  /** Closes the popup for the session it was shown for. */
  onClose: () => void;
}

/**
 * The popup of `SessionExpiryDialog` with its login form, in a chunk of its own with the dialog and form
 * libraries: loaded the first time the popup is due, and kept from then on.
 */
export function SessionExpiryForm({ show, email, claims, onClose }: SessionExpiryFormProps) {
  const { t } = useTranslation();
  const refresh = useSessionRefresh();
  const form = useLoginForm(email);
  const { setValue, resetField, setFocus } = form;
  useEffect(() => setValue('email', email ?? ''), [email, setValue]);
  useEffect(() => {
    if (!show) resetField('password');
  }, [show, resetField]);

  const submit = form.handleSubmit((values) =>
    refresh.mutate(values, {
      onSuccess: (renewed) => {
        storeSession(renewed);
        onClose();
      },
    }),
  );

  return (
    <FormDialog
      show={show}
      title={t('session.expiring.title')}
      onCancel={onClose}
      cancelLabel={t('session.expiring.ignore')}
      onSubmit={submit}
      submitLabel={t('session.expiring.submit')}
      busy={refresh.isPending}
      onEntered={() => setFocus('password')}
    >
      <p>{t('session.expiring.text')}</p>
      {claims && <Countdown claims={claims} />}
      <LoginFields form={form} idPrefix="session" emailReadOnly />
    </FormDialog>
  );
}
