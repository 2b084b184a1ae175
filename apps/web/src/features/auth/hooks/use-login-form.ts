import type { LoginBody } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationKey } from '../../../lib/form-errors';
import { loadResolver, loadSchemas } from '../../../lib/load-schemas';

/** The email + password form of the login page and of the session popup, validated by the contract. */
export function useLoginForm(email = '') {
  const { t } = useTranslation();
  return useForm<LoginBody>({
    // The contract's schema loads on the first validation (a submit), keeping zod off the page's first load.
    resolver: async (values, context, options) => {
      const [{ loginBodySchema }, { zodResolver }] = await Promise.all([loadSchemas(), loadResolver()]);
      return zodResolver(loginBodySchema, { error: (issue) => t(validationKey(issue)) })(
        values,
        context,
        options,
      );
    },
    defaultValues: { email, password: '' },
  });
}
