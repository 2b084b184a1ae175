import { passwordRuleSchema } from '@portal/contract';
import type { FormEvent } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { showToast } from '../../../lib/toast-store';
import { useLanguage } from '../../../lib/use-language';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangeRecoveredPassword } from '../api/change-recovered-password';
import { recoveryChangeProblem } from '../lib/recovery-checks';
import { showRecoveryProblem } from '../lib/show-problem';

const changeFormSchema = z.object({ password: passwordRuleSchema, passwordConfirmation: z.string() });

/**
 * The two password fields of the page the recovery mail links to; `token` and `email` come from the
 * link. The checks of specification section 5 raise their toasts first; the password rule shows under
 * the field. On success every earlier session of the user has ended, and the login page follows.
 */
export function RecoveryChangeForm({ token, email }: { token: string | null; email: string | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const change = useChangeRecoveredPassword();
  const form = useSchemaForm(changeFormSchema, {
    defaultValues: { password: '', passwordConfirmation: '' },
  });
  const { errors } = form.formState;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = recoveryChangeProblem({ ...form.getValues(), token, email });
    if (problem || !token || !email) {
      if (problem) showRecoveryProblem(problem, t);
      return;
    }
    void form.handleSubmit(({ password }) =>
      change.mutate(
        { password, token, email },
        {
          onSuccess: () => {
            showToast({ type: 'success', body: t('recovery.toasts.changed') });
            navigate(paths.login.getHref(lang));
          },
        },
      ),
    )(event);
  };

  return (
    <form noValidate onSubmit={submit}>
      {email && <p className="text-body-secondary text-break">{email}</p>}
      <TextField
        id="recovery-password"
        label={t('recovery.change.password')}
        type="password"
        autoComplete="new-password"
        required
        help={t('recovery.change.passwordHelp')}
        registration={form.register('password')}
        error={errors.password?.message}
      />
      <TextField
        id="recovery-password-confirmation"
        label={t('recovery.change.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        required
        registration={form.register('passwordConfirmation')}
        error={errors.passwordConfirmation?.message}
      />
      <Button type="submit" className="w-100" disabled={change.isPending}>
        {change.isPending && (
          <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        )}
        {t('recovery.change.submit')}
      </Button>
    </form>
  );
}
