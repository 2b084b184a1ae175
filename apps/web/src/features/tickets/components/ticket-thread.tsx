import type { TicketAnswer, TicketAuthor } from '@portal/contract';
import { Card, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { authorName } from './author-name';

export interface TicketThreadProps {
  answers: readonly TicketAnswer[] | undefined;
  authors: readonly TicketAuthor[] | undefined;
  isError: boolean;
}

/** The answers of a ticket, oldest first, each with its author (or 'Non identificabile') and time. */
export function TicketThread({ answers, authors, isError }: TicketThreadProps) {
  const { t, i18n } = useTranslation();
  if (isError) return <p className="text-danger">{t('table.loadError')}</p>;
  if (!answers)
    return (
      <Placeholder as="div" animation="glow" aria-hidden="true">
        <Placeholder xs={12} />
      </Placeholder>
    );
  if (answers.length === 0) return <p className="text-body-secondary">{t('tickets.thread.empty')}</p>;
  return (
    <ol className="list-unstyled d-flex flex-column gap-3 mb-0" aria-label={t('tickets.thread.title')}>
      {answers.map((answer) => (
        <li key={answer.id}>
          <Card>
            <Card.Header className="d-flex flex-wrap justify-content-between gap-2">
              <span className="fw-semibold">
                {authorName(authors, answer.author) ?? t('tickets.unknownAuthor')}
              </span>
              <time dateTime={answer.datetime} className="text-body-secondary">
                {formatDateTime(answer.datetime, i18n.language)}
              </time>
            </Card.Header>
            <Card.Body>
              <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                {answer.content}
              </p>
            </Card.Body>
          </Card>
        </li>
      ))}
    </ol>
  );
}
