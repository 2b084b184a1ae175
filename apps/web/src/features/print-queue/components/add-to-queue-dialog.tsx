import { useEffect, useId } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FieldGroup } from '../../../components/ui/field-group';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectField, toId } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { machineGroupLabel } from '../../../lib/choices';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAddQueueJob, usePrintQueue } from '../api/print-queue';
import { addToQueueFormSchema, machineTypesOf, queueJobBodyOf } from '../lib/queue-rules';

export interface AddToQueueDialogProps {
  /** The business whose library holds the file, and whose queue gets the job. */
  business: number;
  file: { id: number; name: string };
  machineTypeName: (id: number) => string | undefined;
  /** The machine chosen at first, once the queue lists it among the machines the viewer sees (a machine's files). */
  machineGroup?: number | undefined;
  /** After the job was queued, before the dialog closes. */
  onQueued?: () => void;
  onClose: () => void;
}

/**
 * Queues a library file (docs/product.md §11): on one machine, or on any machine of a type, anywhere or at one
 * location, so many copies. The choices are the business's machines the viewer sees, one of them chosen at first
 * when the caller names it. Closes once queued.
 */
export function AddToQueueDialog({
  business,
  file,
  machineTypeName,
  machineGroup,
  onQueued,
  onClose,
}: AddToQueueDialogProps) {
  const { t } = useTranslation();
  const queue = usePrintQueue(business);
  const add = useAddQueueJob(business);
  const form = useSchemaForm(addToQueueFormSchema, {
    defaultValues: { kind: 'machine', location: '', copies: 1 },
  });
  const kindName = useId();
  const kind = form.watch('kind');
  const machineType = form.watch('machineType');
  const machines = queue.data?.machines ?? [];
  const types = machineTypesOf(machines);
  const typeChoices = [...types.keys()].map((id) => ({ id, label: machineTypeName(id) ?? `#${id}` }));
  const locations = machineType === undefined ? [] : (types.get(machineType) ?? []);
  // Chosen once its option is there (the queue may still be loading), unless the viewer chose a machine already.
  const preset = machines.some((machine) => machine.machineGroup === machineGroup) ? machineGroup : undefined;
  useEffect(() => {
    if (preset !== undefined && form.getValues('machineGroup') === undefined)
      form.setValue('machineGroup', preset);
  }, [preset, form]);

  const submit = form.handleSubmit((values) =>
    add.mutate(queueJobBodyOf(file.id, values), {
      onSuccess: () => {
        onQueued?.();
        onClose();
      },
    }),
  );

  return (
    <FormDialog
      title={t('printQueue.add.title', { name: file.name })}
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={t('printQueue.add.submit')}
      busy={add.isPending}
      testId="queue-add-dialog"
    >
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('printQueue.fields.target')}</legend>
        <Form.Check
          type="radio"
          id={`${kindName}-machine`}
          value="machine"
          label={t('printQueue.add.oneMachine')}
          {...form.register('kind')}
        />
        <Form.Check
          type="radio"
          id={`${kindName}-type`}
          value="type"
          label={t('printQueue.add.anyOfType')}
          {...form.register('kind')}
        />
      </fieldset>
      {kind === 'machine' ? (
        <SelectField
          id="queue-add-machine"
          label={t('printQueue.fields.machine')}
          choices={machines.map((machine) => ({
            id: machine.machineGroup,
            label: machineGroupLabel(machine),
          }))}
          emptyLabel={t('printQueue.add.choose')}
          required
          {...fieldProps(form, 'machineGroup', { setValueAs: toId })}
        />
      ) : (
        <>
          <SelectField
            id="queue-add-type"
            label={t('printQueue.fields.machineType')}
            choices={typeChoices}
            emptyLabel={t('printQueue.add.choose')}
            required
            {...fieldProps(form, 'machineType', { setValueAs: toId })}
          />
          <FieldGroup id="queue-add-location" label={t('printQueue.fields.location')}>
            {(describedBy) => (
              <Form.Select aria-describedby={describedBy} {...form.register('location')}>
                <option value="">{t('printQueue.add.anywhere')}</option>
                {locations.map((location) => (
                  <option key={location} value={location}>
                    {location}
                  </option>
                ))}
              </Form.Select>
            )}
          </FieldGroup>
        </>
      )}
      <TextField
        id="queue-add-copies"
        label={t('printQueue.fields.copies')}
        inputMode="numeric"
        required
        help={t('printQueue.add.copiesHelp')}
        {...fieldProps(form, 'copies', { valueAsNumber: true })}
      />
    </FormDialog>
  );
}
