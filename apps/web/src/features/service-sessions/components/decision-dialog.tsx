import { type ServiceSession, serviceSessionDecisionBodySchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useDecideServiceSession } from '../api/change-service-session';
import { useDurationLabel } from '../hooks/use-duration-label';
import { personName } from '../lib/service-session-rules';

export interface DecisionDialogProps {
  session: ServiceSession;
  accept: boolean;
  onClose: () => void;
}

/** The business accepts or rejects a request, with a comment (optional) the requester reads on the ticket. */
export function DecisionDialog({ session, accept, onClose }: DecisionDialogProps) {
  const { t } = useTranslation();
  const durationLabel = useDurationLabel();
  const decide = useDecideServiceSession();
  const form = useSchemaForm(serviceSessionDecisionBodySchema, { defaultValues: { accept, comment: '' } });
  const submit = form.handleSubmit((body) =>
    decide.mutate(
      { id: session.id, ...body },
      {
        onSuccess: onClose,
        // Someone else decided first: nothing is left to decide here.
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'SERVICE_SESSION_CLOSED') onClose();
        },
      },
    ),
  );
  return (
    <FormDialog
      title={t(accept ? 'serviceSessions.decision.acceptTitle' : 'serviceSessions.decision.rejectTitle')}
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={t(accept ? 'serviceSessions.actions.accept' : 'serviceSessions.actions.reject')}
      busy={decide.isPending}
      testId="service-decision-dialog"
    >
      <p>
        {t('serviceSessions.decision.text', {
          name: personName(session.requester) ?? t('serviceSessions.unknownPerson'),
          machine: session.machineName ?? `#${session.controller}`,
          duration: durationLabel(session.hours),
        })}
      </p>
      <blockquote className="border-start ps-3 text-body-secondary" style={{ whiteSpace: 'pre-wrap' }}>
        {session.reason}
      </blockquote>
      <TextAreaField
        id="service-decision-comment"
        label={t('serviceSessions.decision.comment')}
        {...fieldProps(form, 'comment')}
      />
    </FormDialog>
  );
}
