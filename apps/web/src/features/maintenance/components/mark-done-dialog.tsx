import { zodResolver } from '@hookform/resolvers/zod';
import type { MaintenanceTask } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import { validationKey } from '../../../lib/form-errors';
import { useLanguage } from '../../../lib/use-language';
import { useMarkMaintenanceDone } from '../api/mark-done';
import {
  DONE_IN_FUTURE,
  type DoneFormValues,
  doneBody,
  doneFormSchema,
  doneFormValues,
} from '../lib/maintenance-forms';

export interface MarkDoneDialogProps {
  machine: number;
  task: MaintenanceTask;
  onClose: () => void;
}

/**
 * Records a task done on a machine (technicians, managers and administrators): the day (today unless told, never
 * a later one), a note and the parts used. Mount it to open it; it closes once the server has recorded the work.
 */
export function MarkDoneDialog({ machine, task, onClose }: MarkDoneDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  // One instant for the whole dialog, so "today" does not move while the form is open.
  const [now] = useState(Date.now);
  const mark = useMarkMaintenanceDone(machine);
  const form = useForm<DoneFormValues>({
    resolver: zodResolver(doneFormSchema(now, language), {
      error: (issue) =>
        issue.code === 'custom' && issue.params?.code === DONE_IN_FUTURE
          ? t('maintenance.done.future')
          : t(validationKey(issue)),
    }),
    defaultValues: doneFormValues(now),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    mark.mutate({ task: task.id, ...doneBody(values, now) }, { onSuccess: onClose }),
  );

  return (
    <FormDialog
      title={t('maintenance.done.title', { task: task.name })}
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={t('maintenance.done.submit')}
      busy={mark.isPending}
      testId="maintenance-done-dialog"
    >
      {task.instruction && <p className="text-pre-line small text-body-secondary">{task.instruction}</p>}
      <DateField
        id="maintenance-done-day"
        label={t('maintenance.done.day')}
        control={form.control}
        name="day"
        required
        help={t('maintenance.done.dayHint')}
        error={errors.day?.message}
      />
      <TextAreaField
        id="maintenance-done-note"
        label={t('maintenance.done.note')}
        {...fieldProps(form, 'note')}
      />
      <TextField
        id="maintenance-done-parts"
        label={t('maintenance.done.parts')}
        {...fieldProps(form, 'parts')}
        help={t('maintenance.done.partsHint')}
      />
    </FormDialog>
  );
}
