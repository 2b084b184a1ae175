import { passwordRuleSchema } from '@portal/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { PasswordPairField } from '../../../components/ui/password-pair-field';
import { paths } from '../../../config/paths';
import { fieldProps } from '../../../lib/field-props';
import { showToast } from '../../../lib/toast-store';
import { useLanguage } from '../../../lib/use-language';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangeRecoveredPassword } from '../api/change-recovered-password';
import { recoveryChangeProblem } from '../lib/recovery-checks';
import { showRecoveryProblem } from '../lib/show-problem';

const changeFormSchema = z.object({ password: passwordRuleSchema, passwordConfirmation: z.string() });

/**
 * The two password fields of the page the recovery mail links to; `token` and `email` come from the
 * link. The checks of docs/product.md §5 raise their toasts first; the password rule shows under
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
      <PasswordPairField
        idPrefix="recovery"
        password={{ label: t('recovery.change.password'), ...fieldProps(form, 'password') }}
        confirmation={{
          label: t('recovery.change.passwordConfirmation'),
          ...fieldProps(form, 'passwordConfirmation'),
        }}
        help={t('recovery.change.passwordHelp')}
        required
      />
      <BusyButton type="submit" className="w-100" busy={change.isPending}>
        {t('recovery.change.submit')}
      </BusyButton>
    </form>
  );
}
