import {
  can,
  isOpenServiceSession,
  type MachineGroup,
  serviceSessionRequestBodySchema,
  ticketCreateBodySchema,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormDialog } from '../../components/ui/form-dialog';
import { SelectField, toId } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { requestServiceSession } from '../../features/service-sessions/api/change-service-session';
import { useMachineOpenSessions } from '../../features/service-sessions/api/get-service-sessions';
import { serviceSessionsKey } from '../../features/service-sessions/api/service-session-keys';
import { useDurationLabel } from '../../features/service-sessions/hooks/use-duration-label';
import {
  isRequester,
  SERVICE_SESSION_DURATIONS,
} from '../../features/service-sessions/lib/service-session-rules';
import { createTicket } from '../../features/tickets/api/create-ticket';
import { useTickets } from '../../features/tickets/api/get-tickets';
import { ticketListsKey } from '../../features/tickets/api/ticket-keys';
import { fieldProps } from '../../lib/field-props';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast-store';
import { useLanguage } from '../../lib/use-language';
import { useSchemaForm } from '../../lib/use-schema-form';

/** The ticket choice that means "write a new ticket". */
const NEW_TICKET = 0;
/** Enough open tickets about one machine for the choice; older ones are still reached from the tickets page. */
const OPEN_TICKETS_SHOWN = 50;

const newTicketSchema = ticketCreateBodySchema.pick({ title: true, content: true });

/** The dialog's form: an open ticket about the machine or a new one (its title and description), why, how long. */
const requestFormSchema = serviceSessionRequestBodySchema
  .extend({ ticket: z.number().int().min(NEW_TICKET), title: z.string(), content: z.string() })
  .superRefine((form, ctx) => {
    if (form.ticket !== NEW_TICKET) return;
    const parsed = newTicketSchema.safeParse({ title: form.title, content: form.content });
    for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ ...issue, input: undefined });
  });

/**
 * In a consent refusal, the control panel's or the file browser's (docs/design.md §11): outside staff ask for a
 * service session right there, from an open ticket about the machine or a new one they write; while a request of
 * theirs waits for the business (or a session of theirs is open), the refusal says so and links to its ticket.
 */
export function ServiceSessionRequest({
  group,
  controllerId,
}: {
  group: MachineGroup;
  controllerId: number;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const viewer = useSession()?.claims;
  const [open, setOpen] = useState(false);
  const own = (useMachineOpenSessions(controllerId).data ?? []).find(
    (session) => viewer !== undefined && isRequester(viewer, session) && isOpenServiceSession(session.state),
  );
  if (!viewer || !can(viewer.role, 'requestServiceSession')) return null;
  if (own) {
    return (
      <p className="mb-0" data-testid="panel-service-request-pending">
        {t('serviceSessions.fromPanel.pending')}{' '}
        {own.ticket !== null && (
          <Link className="alert-link" to={paths.ticket.getHref(lang, own.ticket)}>
            {t('serviceSessions.now.ticket', { id: own.ticket })}
          </Link>
        )}
      </p>
    );
  }
  return (
    <>
      <Button variant="primary" size="sm" onClick={() => setOpen(true)}>
        <i className="bi bi-person-gear me-1" aria-hidden="true" />
        {t('serviceSessions.fromPanel.open')}
      </Button>
      {open && <RequestDialog group={group} onClose={() => setOpen(false)} />}
    </>
  );
}

function RequestDialog({ group, onClose }: { group: MachineGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const durationLabel = useDurationLabel();
  const queryClient = useQueryClient();
  const tickets = useTickets({ machine: group.id, is_open: 'true', pageSize: OPEN_TICKETS_SHOWN }).data
    ?.items;
  const form = useSchemaForm(requestFormSchema, {
    values: {
      ticket: tickets?.[0]?.id ?? NEW_TICKET,
      title: t('serviceSessions.fromPanel.defaultTitle', { machine: group.name }),
      content: '',
      reason: '',
      hours: SERVICE_SESSION_DURATIONS[0],
    },
    resetOptions: { keepDirtyValues: true },
  });
  const request = useMutation({
    mutationFn: async ({ ticket, title, content, reason, hours }: z.output<typeof requestFormSchema>) => {
      const id =
        ticket === NEW_TICKET ? (await createTicket({ title, content, machine: group.id })).id : ticket;
      return requestServiceSession(id, { reason, hours });
    },
    onSuccess: async () => {
      showToast({ type: 'success', body: t('serviceSessions.toasts.requested') });
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceSessionsKey }),
        queryClient.invalidateQueries({ queryKey: ticketListsKey }),
      ]);
    },
  });
  const writesTicket = form.watch('ticket') === NEW_TICKET;
  return (
    <FormDialog
      title={t('serviceSessions.fromPanel.title', { machine: group.name })}
      onSubmit={form.handleSubmit((values) => request.mutate(values))}
      onCancel={onClose}
      submitLabel={t('serviceSessions.request.submit')}
      busy={request.isPending}
      submitDisabled={!tickets}
      testId="panel-service-request"
    >
      <p className="small text-body-secondary">{t('serviceSessions.request.help')}</p>
      <SelectField
        id="panel-request-ticket"
        label={t('serviceSessions.fromPanel.ticket')}
        {...fieldProps(form, 'ticket', { setValueAs: toId })}
        choices={[
          ...(tickets ?? []).map((ticket) => ({ id: ticket.id, label: `#${ticket.id} ${ticket.title}` })),
          { id: NEW_TICKET, label: t('serviceSessions.fromPanel.newTicket') },
        ]}
      />
      {writesTicket && (
        <>
          <TextField
            id="panel-request-title"
            label={t('tickets.fields.title')}
            {...fieldProps(form, 'title')}
          />
          <TextAreaField
            id="panel-request-content"
            label={t('tickets.fields.description')}
            {...fieldProps(form, 'content')}
          />
        </>
      )}
      <TextAreaField
        id="panel-request-reason"
        label={t('serviceSessions.request.reason')}
        {...fieldProps(form, 'reason')}
      />
      <SelectField
        id="panel-request-hours"
        label={t('serviceSessions.request.duration')}
        {...fieldProps(form, 'hours', { setValueAs: toId })}
        choices={SERVICE_SESSION_DURATIONS.map((hours) => ({ id: hours, label: durationLabel(hours) }))}
      />
    </FormDialog>
  );
}
