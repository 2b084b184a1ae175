import type { LoginBody } from '@portal/contract';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';

/** The email and password fields shared by the login page and the session popup. */
export function LoginFields({
  form,
  idPrefix,
  emailReadOnly = false,
}: {
  form: UseFormReturn<LoginBody>;
  idPrefix: string;
  emailReadOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        label={t('login.email')}
        type="email"
        autoComplete="username"
        readOnly={emailReadOnly}
        required={!emailReadOnly}
        {...fieldProps(form, 'email')}
      />
      <TextField
        id={`${idPrefix}-password`}
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        required
        {...fieldProps(form, 'password')}
      />
    </>
  );
}
