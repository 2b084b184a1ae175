import type { TwoFactorChallenge } from '@portal/contract';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { type Session, storeSession } from '../../../lib/session-store';
import { useLogin } from '../api/login';
import { useLoginForm } from '../hooks/use-login-form';
import { LoginFields } from './login-fields';

// The second step loads only for a user who has one: the login page's first load stays as it was.
const TwoFactorStep = lazy(() =>
  import('./two-factor-step').then(({ TwoFactorStep }) => ({ default: TwoFactorStep })),
);

/** A stored session is the whole success: the login route's guard then leaves the page. */
function signedIn(session: Session) {
  storeSession(session);
  // Only when this browser had push enabled (docs/product.md §4); loaded apart from the login page.
  void import('../../../lib/push').then(({ subscribeAtLogin }) => subscribeAtLogin(session.token));
}

/**
 * Email and password, both required; a failed login shows the error toast and keeps the form. A user with
 * two-factor sign-in then gives a code (or sets it up when their role requires it, docs/design.md §10).
 */
export function LoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useLoginForm();
  const [challenge, setChallenge] = useState<TwoFactorChallenge>();
  const { resetField } = form;
  const back = useCallback(() => {
    setChallenge(undefined);
    resetField('password');
  }, [resetField]);

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (outcome) =>
        'challenge' in outcome ? setChallenge(outcome.challenge) : signedIn(outcome.session),
    }),
  );

  if (challenge) {
    return (
      <Suspense fallback={<Spinner animation="border" role="status" />}>
        <TwoFactorStep challenge={challenge} onSignedIn={signedIn} onBack={back} />
      </Suspense>
    );
  }
  return (
    <form noValidate onSubmit={submit}>
      <LoginFields form={form} idPrefix="login" />
      <BusyButton type="submit" className="w-100" busy={login.isPending}>
        {t('login.submit')}
      </BusyButton>
    </form>
  );
}
