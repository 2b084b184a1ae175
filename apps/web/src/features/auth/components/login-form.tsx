import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { storeSession } from '../../../lib/session-store';
import { useLogin } from '../api/login';
import { useLoginForm } from '../hooks/use-login-form';
import { LoginFields } from './login-fields';

/**
 * Email and password, both required; a failed login shows the error toast and keeps the form. A stored
 * session is the whole success: the login route's guard then leaves the page.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useLoginForm();

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (session) => {
        storeSession(session);
        // Only when this browser had push enabled (specification section 4); loaded apart from the login page.
        void import('../../../lib/push').then(({ subscribeAtLogin }) => subscribeAtLogin(session.token));
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <LoginFields form={form} idPrefix="login" />
      <Button type="submit" className="w-100" disabled={login.isPending}>
        {login.isPending && (
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        {t('login.submit')}
      </Button>
    </form>
  );
}
