import { type QueueJob, queueCopiesBodySchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSetCopies } from '../api/print-queue';

/** Changes a job's copies; the server refuses fewer than have started. Closes once it agrees. */
export function CopiesDialog({ job, onClose }: { job: QueueJob; onClose: () => void }) {
  const { t } = useTranslation();
  const setCopies = useSetCopies();
  const form = useSchemaForm(queueCopiesBodySchema, { defaultValues: { copies: job.copies } });
  const submit = form.handleSubmit(({ copies }) =>
    setCopies.mutate({ job: job.id, copies }, { onSuccess: onClose }),
  );
  return (
    <FormDialog
      title={t('printQueue.copies.title', { name: job.fileName })}
      onSubmit={submit}
      onCancel={onClose}
      submitLabel={t('common.save')}
      busy={setCopies.isPending}
      testId="queue-copies-dialog"
    >
      <TextField
        id="queue-copies"
        label={t('printQueue.fields.copies')}
        inputMode="numeric"
        required
        help={t('printQueue.copies.help', { started: job.copiesStarted })}
        {...fieldProps(form, 'copies', { valueAsNumber: true })}
      />
    </FormDialog>
  );
}
