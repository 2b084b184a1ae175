import type { SessionClaims, TwoFactorChallenge } from '@portal/contract';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { FormDialog } from '../../../components/ui/form-dialog';
import { storeSession } from '../../../lib/session-store';
import { useSessionRefresh } from '../api/login';
import { useLoginForm } from '../hooks/use-login-form';
import { useTimeLeft } from '../hooks/use-time-left';
import { LoginFields } from './login-fields';

// The second step loads only for a user who has one: the login page's first load stays as it was.
const TwoFactorStep = lazy(() =>
  import('./two-factor-step').then(({ TwoFactorStep }) => ({ default: TwoFactorStep })),
);

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
  // A user with two-factor sign-in gives a code after the password here too (docs/design.md §10).
  const [challenge, setChallenge] = useState<TwoFactorChallenge>();
  useEffect(() => setValue('email', email ?? ''), [email, setValue]);
  useEffect(() => {
    if (!show) {
      resetField('password');
      setChallenge(undefined);
    }
  }, [show, resetField]);
  const renewed = useCallback(
    (session: Parameters<typeof storeSession>[0]) => {
      storeSession(session);
      onClose();
    },
    [onClose],
  );
  const back = useCallback(() => setChallenge(undefined), []);

  const submit = form.handleSubmit((values) =>
    refresh.mutate(values, {
      onSuccess: (outcome) =>
        'challenge' in outcome ? setChallenge(outcome.challenge) : renewed(outcome.session),
    }),
  );

  if (challenge) {
    return (
      <DialogFrame
        show={show}
        title={t('session.expiring.title')}
        onHide={onClose}
        footer={
          <Button variant="secondary" onClick={onClose}>
            {t('session.expiring.ignore')}
          </Button>
        }
      >
        <Suspense fallback={<Spinner animation="border" role="status" />}>
          <TwoFactorStep challenge={challenge} replacing onSignedIn={renewed} onBack={back} />
        </Suspense>
      </DialogFrame>
    );
  }

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
