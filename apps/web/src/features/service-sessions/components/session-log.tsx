import { format } from 'date-fns';
import { Badge, Card, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { activityDetailLine } from '../../../lib/activity-detail';
import { useSessionLog } from '../api/get-session-log';
import { SESSION_TIME_FORMAT } from '../lib/service-session-rules';

/**
 * The ticket's session log: the activity record's entries for it (docs/design.md §9, §11), newest first, read as
 * the activity table reads them: when, who, the action, the machine and the detail line; nothing while it is empty.
 */
export function SessionLog({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const { data, isError } = useSessionLog(ticketId);
  // A ticket without service sessions has nothing to log: the page leaves the place to the conversation.
  if (data?.items.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="session-log-title" data-testid="session-log">
      <Card.Header as="h2" id="session-log-title" className="h5">
        {t('serviceSessions.log.title')}
      </Card.Header>
      <Card.Body>
        {isError ? (
          <p className="text-danger mb-0">{t('table.loadError')}</p>
        ) : !data ? (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={12} />
          </Placeholder>
        ) : (
          <>
            <ScrollRegion label={t('serviceSessions.log.caption')}>
              <Table size="sm" striped className="align-middle mb-0">
                <caption>{t('serviceSessions.log.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('activity.fields.at')}</th>
                    <th scope="col">{t('activity.fields.actor')}</th>
                    <th scope="col">{t('activity.fields.kind')}</th>
                    <th scope="col">{t('activity.fields.machine')}</th>
                    <th scope="col">{t('activity.fields.detail')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((entry) => (
                    <tr key={entry.seq} data-testid="session-log-entry" data-kind={entry.kind}>
                      <td className="text-nowrap">
                        <time dateTime={entry.at}>{format(new Date(entry.at), SESSION_TIME_FORMAT)}</time>
                      </td>
                      <td>
                        {entry.actor
                          ? (entry.actor.email ?? `#${entry.actor.id}`)
                          : t('activity.unknownActor')}
                      </td>
                      <td>{t(`activity.kinds.${entry.kind}`)}</td>
                      <td>
                        {entry.machine ??
                          (entry.controller === null
                            ? ''
                            : t('activity.controller', { id: entry.controller }))}
                      </td>
                      <td>
                        <code className="text-break">{activityDetailLine(entry)}</code>
                        {entry.detail.truncated === true && (
                          <Badge bg="secondary" className="ms-2">
                            {t('activity.truncated')}
                          </Badge>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </ScrollRegion>
            {data.total > data.items.length && (
              <p className="small text-body-secondary mt-2 mb-0">
                {t('serviceSessions.log.partial', { shown: data.items.length, total: data.total })}
              </p>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
