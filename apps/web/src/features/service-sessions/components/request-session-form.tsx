import { serviceSessionRequestBodySchema } from '@portal/contract';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { SelectField, toId } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRequestServiceSession } from '../api/change-service-session';
import { useDurationLabel } from '../hooks/use-duration-label';
import { SERVICE_SESSION_DURATIONS } from '../lib/service-session-rules';

/** Outside staff ask for remote control of the ticket's machine: why, and for how long (1 hour to 7 days). */
export function RequestSessionForm({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const durationLabel = useDurationLabel();
  const request = useRequestServiceSession(ticketId);
  const form = useSchemaForm(serviceSessionRequestBodySchema, {
    defaultValues: { reason: '', hours: SERVICE_SESSION_DURATIONS[0] },
  });
  const submit = form.handleSubmit((body) => request.mutate(body, { onSuccess: () => form.reset() }));

  return (
    <Form
      noValidate
      onSubmit={submit}
      aria-labelledby="service-request-title"
      data-testid="service-request-form"
    >
      <h3 id="service-request-title" className="h6">
        {t('serviceSessions.request.title')}
      </h3>
      <p className="small text-body-secondary">{t('serviceSessions.request.help')}</p>
      <TextAreaField
        id="service-request-reason"
        label={t('serviceSessions.request.reason')}
        {...fieldProps(form, 'reason')}
      />
      <SelectField
        id="service-request-hours"
        label={t('serviceSessions.request.duration')}
        {...fieldProps(form, 'hours', { setValueAs: toId })}
        choices={SERVICE_SESSION_DURATIONS.map((hours) => ({ id: hours, label: durationLabel(hours) }))}
      />
      <BusyButton type="submit" busy={request.isPending}>
        <i className="bi bi-person-gear me-1" aria-hidden="true" />
        {t('serviceSessions.request.submit')}
      </BusyButton>
    </Form>
  );
}
