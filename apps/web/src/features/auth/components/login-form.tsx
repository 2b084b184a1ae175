import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
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
        // Only when this browser had push enabled (docs/product.md §4); loaded apart from the login page.
        void import('../../../lib/push').then(({ subscribeAtLogin }) => subscribeAtLogin(session.token));
      },
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <LoginFields form={form} idPrefix="login" />
      <BusyButton type="submit" className="w-100" busy={login.isPending}>
        {t('login.submit')}
      </BusyButton>
    </form>
  );
}
