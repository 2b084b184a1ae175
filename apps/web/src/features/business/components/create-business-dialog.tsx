import { businessCreateBodySchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateBusiness } from '../api/create-business';

/** The administrators' dialog that creates a business from its name. */
export function CreateBusinessDialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const create = useCreateBusiness();
  const form = useSchemaForm(businessCreateBodySchema, {
    defaultValues: { name: '' },
  });
  const close = () => {
    form.reset();
    onHide();
  };
  const submit = form.handleSubmit((body) => create.mutate(body, { onSuccess: close }));

  return (
    <FormDialog
      show={show}
      title={t('businesses.create.title')}
      onCancel={close}
      onSubmit={submit}
      submitLabel={t('common.create')}
      busy={create.isPending}
    >
      <TextField
        id="business-create-name"
        label={t('businesses.fields.name')}
        {...fieldProps(form, 'name')}
        autoComplete="organization"
        required
      />
    </FormDialog>
  );
}
