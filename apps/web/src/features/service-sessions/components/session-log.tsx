import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/ui/captioned-table';
import { activitySentence, actorName } from '../../../lib/activity-sentence';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useSessionLog } from '../api/get-session-log';

/**
 * The ticket's session log: the activity record's entries for it (docs/design.md §9, §11), newest first, read as
 * the activity table reads them: when, who, the action, the machine and what was done, in a sentence; nothing
 * while it is empty.
 */
export function SessionLog({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data, isError } = useSessionLog(ticketId);
  // A ticket without service sessions has nothing to log: the page leaves the place to the conversation.
  if (data?.items.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="session-log-title" data-testid="session-log">
      <Card.Header as="h2" id="session-log-title" className="h5">
        {t('serviceSessions.log.title')}
      </Card.Header>
      <Card.Body>
        <CaptionedTable
          caption={t('serviceSessions.log.caption')}
          captionVisible
          states="block"
          columns={[
            {
              id: 'at',
              header: t('activity.fields.at'),
              cellClassName: 'text-nowrap',
              cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at, lang)}</time>,
            },
            {
              id: 'actor',
              header: t('activity.fields.actor'),
              cell: (entry) => actorName(entry, t),
            },
            {
              id: 'kind',
              header: t('activity.fields.kind'),
              cell: (entry) => t(`activity.kinds.${entry.kind}`),
            },
            {
              id: 'machine',
              header: t('activity.fields.machine'),
              cell: (entry) =>
                entry.machine ??
                (entry.controller === null ? '' : t('activity.controller', { id: entry.controller })),
            },
            {
              id: 'detail',
              header: t('activity.fields.detail'),
              cell: (entry) => (
                <>
                  <span className="text-break">{activitySentence(entry, t, lang)}</span>
                  {entry.detail.truncated === true && (
                    <Badge bg="secondary" className="ms-2">
                      {t('activity.truncated')}
                    </Badge>
                  )}
                </>
              ),
            },
          ]}
          rows={data?.items}
          rowKey={(entry) => entry.seq}
          rowProps={(entry) => ({ 'data-testid': 'session-log-entry', 'data-kind': entry.kind })}
          isError={isError}
          striped
          small
          className="mb-0"
        />
        {data && data.total > data.items.length && (
          <p className="small text-body-secondary mt-2 mb-0">
            {t('serviceSessions.log.partial', { shown: data.items.length, total: data.total })}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
