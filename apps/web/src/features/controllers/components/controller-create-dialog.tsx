import { type ComputerController, controllerCreateBodySchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectField, toId } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { Choice } from '../../../lib/choices';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateController } from '../api/create-controller';

export interface ControllerCreateDialogProps {
  /** The computer types. */
  types: readonly Choice[];
  businesses: readonly Choice[];
  onCreated: (controller: ComputerController) => void;
  onClose: () => void;
}

/** Creates a computer controller: name, computer type and business (administrators). */
export function ControllerCreateDialog({
  types,
  businesses,
  onCreated,
  onClose,
}: ControllerCreateDialogProps) {
  const { t } = useTranslation();
  const create = useCreateController();
  const form = useSchemaForm(controllerCreateBodySchema, {
    defaultValues: { name: '' },
  });
  const submit = form.handleSubmit((body) => create.mutate(body, { onSuccess: onCreated }));

  return (
    <FormDialog
      wide
      title={t('hardware.controllers.create')}
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={t('common.create')}
      busy={create.isPending}
    >
      <TextField
        id="controller-name"
        label={t('hardware.controllers.fields.name')}
        required
        {...fieldProps(form, 'name')}
      />
      <SelectField
        id="controller-type"
        label={t('hardware.controllers.fields.type')}
        {...fieldProps(form, 'type', { setValueAs: toId })}
        choices={types}
        emptyLabel={t('hardware.controllers.choose.type')}
        required
      />
      <SelectField
        id="controller-business"
        label={t('hardware.controllers.fields.business')}
        {...fieldProps(form, 'business', { setValueAs: toId })}
        choices={businesses}
        emptyLabel={t('hardware.controllers.choose.business')}
        required
      />
    </FormDialog>
  );
}
