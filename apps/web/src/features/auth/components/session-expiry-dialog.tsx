import type { SessionClaims } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { expiresAt, warningAt } from '../../../lib/session';
import { inUseSince } from '../../../lib/session-activity';
import { storeSession, useSession } from '../../../lib/session-store';
import { useAt } from '../../../lib/timers';
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

/**
 * Two minutes before the session ends, a normal modal asks for the password and logs in again with it,
 * replacing the session. A wrong password only shows the error toast: the popup stays and the session
 * goes on.
 */
export function SessionExpiryDialog({ email }: { email: string | undefined }) {
  const { t } = useTranslation();
  const session = useSession();
  const expiry = session ? expiresAt(session.claims) : null;
  // Both remember the expiry they belong to, so a renewed session starts with a closed popup; a renewal
  // that brings no later expiry still closes it.
  const [dueFor, setDueFor] = useState<number | null>(null);
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const show = expiry !== null && dueFor === expiry && closedFor !== expiry;

  // A page in use (input since its token, or live data) renews its session instead of asking.
  useAt(session ? warningAt(session.claims) : null, () => {
    if (session && !inUseSince(session.receivedAt)) setDueFor(expiry);
  });

  const refresh = useSessionRefresh();
  const form = useLoginForm(email);
  const { setValue, resetField, setFocus } = form;
  useEffect(() => setValue('email', email ?? ''), [email, setValue]);
  useEffect(() => {
    if (!show) resetField('password');
  }, [show, resetField]);

  const close = () => setClosedFor(expiry);
  const submit = form.handleSubmit((values) =>
    refresh.mutate(values, {
      onSuccess: (renewed) => {
        storeSession(renewed);
        close();
      },
    }),
  );

  return (
    <FormDialog
      show={show}
      title={t('session.expiring.title')}
      onCancel={close}
      cancelLabel={t('session.expiring.ignore')}
      onSubmit={submit}
      submitLabel={t('session.expiring.submit')}
      busy={refresh.isPending}
      onEntered={() => setFocus('password')}
    >
      <p>{t('session.expiring.text')}</p>
      {session && <Countdown claims={session.claims} />}
      <LoginFields form={form} idPrefix="session" emailReadOnly />
    </FormDialog>
  );
}
