import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translatedResolver } from './form-errors';

/**
 * A react-hook-form form validated by a contract schema: it submits the schema's output, and the message under
 * each field is the translation of its issue's stable code (`validation.*`), as the server's answers are.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
) {
  const { t } = useTranslation();
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    resolver: translatedResolver(schema, (key) => t(key)),
  });
}
