import { Badge, Card, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { activitySentence, actorName } from '../../../lib/activity-sentence';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useSessionLog } from '../api/get-session-log';

/**
 * The ticket's session log: the activity record's entries for it (docs/design.md §9, §11), newest first, read as
 * the activity table reads them: when, who, the action, the machine and what was done, in a sentence.
 */
export function SessionLog({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data, isError } = useSessionLog(ticketId);
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
        ) : data.items.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('serviceSessions.log.empty')}</p>
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
                        <time dateTime={entry.at}>{formatDateTime(entry.at, lang)}</time>
                      </td>
                      <td>{actorName(entry, t)}</td>
                      <td>{t(`activity.kinds.${entry.kind}`)}</td>
                      <td>
                        {entry.machine ??
                          (entry.controller === null
                            ? ''
                            : t('activity.controller', { id: entry.controller }))}
                      </td>
                      <td>
                        <span className="text-break">{activitySentence(entry, t, lang)}</span>
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
