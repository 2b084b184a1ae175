import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useCreateTicketAnswer } from '../api/create-ticket-answer';

/**
 * The reply box of a ticket: CTRL+Enter sends (docs/product.md §2), as the button does, and only
 * text that is not empty is sent (section 5). The box empties once the server has the answer.
 */
export function ReplyBox({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const answer = useCreateTicketAnswer(ticketId);
  const [text, setText] = useState('');
  const sendable = text.trim() !== '' && !answer.isPending;

  const send = () => {
    if (!sendable) return;
    answer.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && event.ctrlKey) {
      event.preventDefault();
      send();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <Form onSubmit={onSubmit}>
      <Form.Group className="mb-2" controlId="ticket-reply">
        <Form.Label>{t('tickets.reply.label')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby="ticket-reply-help"
        />
        <Form.Text id="ticket-reply-help">{t('tickets.reply.help')}</Form.Text>
      </Form.Group>
      <Button type="submit" disabled={!sendable}>
        <i className="bi bi-send me-1" aria-hidden="true" />
        {t('tickets.reply.send')}
      </Button>
    </Form>
  );
}
