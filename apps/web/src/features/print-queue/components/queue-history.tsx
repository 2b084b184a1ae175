import type { QueueHistoryEntry, QueueMachine } from '@portal/contract';
import { useId, useState } from 'react';
import { Alert, ListGroup, Pagination } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { formatDateTime } from '../../../lib/format';
import { useQueueHistory } from '../api/print-queue';
import { JobFacts, JobStateBadge, usePersonName } from './queue-texts';
import { machineNameIn, RunList } from './run-list';

interface HistoryProps {
  business: number;
  /** The business's machines the viewer sees: the names of those the runs and targets name. */
  machines: readonly QueueMachine[];
  machineTypeName: (id: number) => string | undefined;
}

/** One ended job: when it ended, who queued (and cancelled) it, and where each copy ran, started by whom. */
function HistoryItem({
  entry,
  machines,
  machineTypeName,
}: { entry: QueueHistoryEntry } & Omit<HistoryProps, 'business'>) {
  const { t, i18n } = useTranslation();
  const personName = usePersonName();
  const { job, runs } = entry;
  return (
    <ListGroup.Item as="li" data-testid={`queue-history-${job.id}`}>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <h3 className="h6 mb-0 text-break">{job.fileName}</h3>
        <JobStateBadge state={job.state} />
        <span className="small">
          {t('printQueue.history.endedAt', { at: formatDateTime(entry.endedAt, i18n.language) })}
        </span>
      </div>
      <JobFacts job={job} machines={machines} machineTypeName={machineTypeName} />
      {job.cancelledAt && (
        <div className="small text-body-secondary">
          {t('printQueue.history.cancelledBy', {
            person: personName(job.cancelledBy),
            at: formatDateTime(job.cancelledAt, i18n.language),
          })}
        </div>
      )}
      <div className="mt-2">
        {runs.length === 0 ? (
          <span className="small text-body-secondary">{t('printQueue.history.noRuns')}</span>
        ) : (
          <RunList
            runs={runs}
            label={t('printQueue.runs.label', { name: job.fileName })}
            machineName={machineNameIn(machines)}
          />
        )}
      </div>
    </ListGroup.Item>
  );
}

/**
 * The queue's history (docs/product.md §11): the business's ended jobs, done or cancelled, the newest end first,
 * a page at a time; read again with the queue, so a job that ends shows here at once.
 */
export function QueueHistory({ business, machines, machineTypeName }: HistoryProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const history = useQueueHistory(business, page);
  const { data } = history;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const title = t('printQueue.history.title');
  return (
    <section className="mt-4" aria-labelledby={headingId} data-testid="queue-history">
      <h2 className="h5" id={headingId}>
        {title}
      </h2>
      {history.isError && !data ? (
        <Alert variant="danger">{t('printQueue.history.loadError')}</Alert>
      ) : !data ? (
        <PageSpinner />
      ) : data.items.length === 0 ? (
        <p className="text-body-secondary">{t('printQueue.history.empty')}</p>
      ) : (
        <>
          <ListGroup as="ol" className="list-unstyled mb-3">
            {data.items.map((entry) => (
              <HistoryItem
                key={entry.job.id}
                entry={entry}
                machines={machines}
                machineTypeName={machineTypeName}
              />
            ))}
          </ListGroup>
          {pages > 1 && (
            <nav aria-label={t('table.pages', { label: title })}>
              <Pagination className="mb-0" size="sm">
                <Pagination.Prev disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('printQueue.history.newer')}
                </Pagination.Prev>
                <Pagination.Item active aria-current="page">
                  {t('table.pageOf', { page, pages })}
                </Pagination.Item>
                <Pagination.Next disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  {t('printQueue.history.older')}
                </Pagination.Next>
              </Pagination>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
