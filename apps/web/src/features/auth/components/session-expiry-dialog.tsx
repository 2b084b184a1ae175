import { SESSION_WARNING_BEFORE_MS } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OverlayDialog } from '../../../components/ui/overlay-dialog';
import { expiresAt } from '../../../lib/session';
import { storeSession, useSession } from '../../../lib/session-store';
import { useAt } from '../../../lib/timers';
import { useLogin } from '../api/login';
import { useLoginForm } from '../hooks/use-login-form';
import { LoginFields } from './login-fields';

/**
 * Two minutes before the session ends, asks for the password and logs in again with it.
 * A wrong password only shows the error toast: the popup stays and the session goes on.
 */
export function SessionExpiryDialog({ email }: { email: string | undefined }) {
  const { t } = useTranslation();
  const session = useSession();
  const expiry = session ? expiresAt(session.claims) : null;
  // Both remember the expiry they belong to, so a renewed session starts with a closed popup.
  const [dueFor, setDueFor] = useState<number | null>(null);
  const [ignoredFor, setIgnoredFor] = useState<number | null>(null);
  const show = expiry !== null && dueFor === expiry && ignoredFor !== expiry;

  useAt(expiry === null ? null : expiry - SESSION_WARNING_BEFORE_MS, () => setDueFor(expiry));

  const login = useLogin();
  const form = useLoginForm(email);
  const { setValue, resetField } = form;
  useEffect(() => setValue('email', email ?? ''), [email, setValue]);
  useEffect(() => {
    if (!show) resetField('password');
  }, [show, resetField]);

  const submit = form.handleSubmit((values) => login.mutate(values, { onSuccess: storeSession }));

  return (
    <OverlayDialog
      show={show}
      title={t('session.expiring.title')}
      onDeny={() => setIgnoredFor(expiry)}
      denyLabel={t('session.expiring.ignore')}
      onSubmit={submit}
      confirmLabel={t('session.expiring.submit')}
      busy={login.isPending}
      testId="session-expiry-dialog"
    >
      <p>{t('session.expiring.text')}</p>
      <LoginFields form={form} idPrefix="session" emailReadOnly />
    </OverlayDialog>
  );
}
