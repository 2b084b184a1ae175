import { ticketCreateBodySchema } from '@portal/contract';
import { useEffect } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SelectField, toId } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import type { Choice } from '../../../lib/choices';
import { fieldProps } from '../../../lib/field-props';
import { useLanguage } from '../../../lib/use-language';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateTicket } from '../api/create-ticket';

export interface NewTicketFormProps {
  /** The machine groups the user sees; undefined while they load. */
  machines: readonly Choice[] | undefined;
  /** The machine chosen when the form opens (one of `machines`). */
  initialMachine?: number | undefined;
  /** The title and description written when the form opens (a draft the user checks before sending). */
  initialTitle?: string;
  initialContent?: string;
}

/** /tickets/new: title, machine and description (all required); success goes to the new ticket. */
export function NewTicketForm({
  machines,
  initialMachine,
  initialTitle = '',
  initialContent = '',
}: NewTicketFormProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const create = useCreateTicket();
  const form = useSchemaForm(ticketCreateBodySchema, {
    defaultValues: { title: initialTitle, content: initialContent },
  });
  const { setValue } = form;
  // The choices arrive after the form: the machine is chosen once its option exists.
  useEffect(() => {
    if (initialMachine !== undefined) setValue('machine', initialMachine);
  }, [initialMachine, setValue]);
  const submit = form.handleSubmit((body) =>
    create.mutate(body, { onSuccess: ({ id }) => navigate(paths.ticket.getHref(lang, id)) }),
  );

  return (
    <Card>
      <Card.Body>
        <Form noValidate onSubmit={submit}>
          <TextField
            id="ticket-title"
            label={t('tickets.fields.title')}
            {...fieldProps(form, 'title')}
            required
          />
          <SelectField
            id="ticket-machine"
            label={t('tickets.fields.machine')}
            {...fieldProps(form, 'machine', { setValueAs: toId })}
            choices={machines ?? []}
            emptyLabel={machines ? t('tickets.new.chooseMachine') : t('common.loading')}
            required
          />
          <TextAreaField
            id="ticket-content"
            label={t('tickets.fields.description')}
            {...fieldProps(form, 'content')}
            rows={6}
          />
          <Button type="submit" disabled={create.isPending}>
            {t('tickets.new.submit')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
