import { zodResolver } from '@hookform/resolvers/zod';
import type { MaintenanceTask, MaintenanceTaskBody } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import { useCreatePlanTask, useUpdatePlanTask } from '../api/plan-tasks';
import { type TaskFormValues, taskFormSchema, taskFormValues } from '../lib/maintenance-forms';
import { IntervalFields, useIssueMessage } from './interval-fields';

export interface TaskFormDialogProps {
  machineType: { id: number; name: string };
  /** The task to edit; null adds one to the plan. */
  task: MaintenanceTask | null;
  onClose: () => void;
}

/**
 * Adds a task to a machine type's plan or edits one (administrators): its name, intervals (hours, jobs, metres,
 * days: at least one; whichever comes first), an instruction and a link. Mount it to open it.
 */
export function TaskFormDialog({ machineType, task, onClose }: TaskFormDialogProps) {
  const { t } = useTranslation();
  const message = useIssueMessage();
  const create = useCreatePlanTask();
  const update = useUpdatePlanTask();
  const form = useForm<TaskFormValues, unknown, MaintenanceTaskBody>({
    resolver: zodResolver(taskFormSchema(machineType.id), { error: (issue) => message(issue) }),
    defaultValues: taskFormValues(task),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => {
    if (task) update.mutate({ id: task.id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  });

  return (
    <FormDialog
      wide
      title={
        task
          ? t('maintenance.plan.editTitle', { task: task.name })
          : t('maintenance.plan.createTitle', { type: machineType.name })
      }
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={task ? t('common.save') : t('common.create')}
      busy={create.isPending || update.isPending}
      testId="maintenance-task-dialog"
    >
      <TextField
        id="maintenance-task-name"
        label={t('maintenance.plan.fields.name')}
        required
        {...fieldProps(form, 'name')}
      />
      <IntervalFields idPrefix="maintenance-task" register={form.register} errors={errors} />
      <TextAreaField
        id="maintenance-task-instruction"
        label={t('maintenance.plan.fields.instruction')}
        {...fieldProps(form, 'instruction')}
      />
      <TextField
        id="maintenance-task-link"
        label={t('maintenance.plan.fields.link')}
        {...fieldProps(form, 'link')}
        help={t('maintenance.plan.fields.linkHint')}
      />
    </FormDialog>
  );
}
