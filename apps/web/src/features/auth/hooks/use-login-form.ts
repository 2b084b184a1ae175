import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginBody, loginBodySchema } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationKey } from '../../../lib/form-errors';

/** The email + password form of the login page and of the session popup, validated by the contract. */
export function useLoginForm(email = '') {
  const { t } = useTranslation();
  return useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema, { error: (issue) => t(validationKey(issue)) }),
    defaultValues: { email, password: '' },
  });
}
