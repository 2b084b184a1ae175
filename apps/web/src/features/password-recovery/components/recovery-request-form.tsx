import { passwordRecoveryRequestSchema } from '@portal/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../../components/ui/busy-button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { fieldProps } from '../../../lib/field-props';
import { showToast } from '../../../lib/toast-store';
import { useLanguage } from '../../../lib/use-language';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRequestPasswordRecovery } from '../api/request-password-recovery';
import { recoveryRequestProblem } from '../lib/recovery-checks';
import { showRecoveryProblem } from '../lib/show-problem';

const requestFormSchema = passwordRecoveryRequestSchema.pick({ email: true });

/**
 * The email field and its send button. The mail is asked for in the page's language; on success the
 * toast says it is on its way and the login page follows (docs/product.md §8).
 */
export function RecoveryRequestForm() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const request = useRequestPasswordRecovery();
  const form = useSchemaForm(requestFormSchema, {
    defaultValues: { email: '' },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = recoveryRequestProblem(form.getValues('email'));
    if (problem) {
      showRecoveryProblem(problem, t);
      return;
    }
    void form.handleSubmit(({ email }) =>
      request.mutate(
        { email, language: lang },
        {
          onSuccess: () => {
            showToast({ type: 'success', body: t('recovery.toasts.sent') });
            navigate(paths.login.getHref(lang));
          },
        },
      ),
    )(event);
  };

  return (
    <form noValidate onSubmit={submit}>
      <TextField
        id="recovery-email"
        label={t('recovery.request.email')}
        type="email"
        autoComplete="username"
        required
        {...fieldProps(form, 'email')}
      />
      <BusyButton type="submit" className="w-100" busy={request.isPending}>
        {t('recovery.request.submit')}
      </BusyButton>
    </form>
  );
}
