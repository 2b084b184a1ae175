import type {
  FieldValues,
  Path,
  RegisterOptions,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';

/** What a form field component takes from its form: the registration and the translated message. */
export interface FieldProps {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/** The registration of `name` and its current message (reading it subscribes the form's render to errors). */
export function fieldProps<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  name: Path<Values>,
  options?: RegisterOptions<Values, Path<Values>>,
): FieldProps {
  return {
    registration: form.register(name, options),
    error: form.getFieldState(name, form.formState).error?.message,
  };
}
