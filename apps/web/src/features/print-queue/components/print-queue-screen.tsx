import type { QueueJob } from '@portal/contract';
import { useId, useState } from 'react';
import { Alert, Form, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useCancelJob, usePrintQueue, useQueueSettings } from '../api/print-queue';
import { CopiesDialog } from './copies-dialog';
import { JobCard } from './job-card';
import { MachineReadiness } from './machine-readiness';
import { QueueHistory } from './queue-history';

export interface PrintQueueScreenProps {
  business: number;
  /** Whether the viewer may switch the business's automatic start (its managers, administrators). */
  mayChangeAutoStart: boolean;
  machineTypeName: (id: number) => string | undefined;
}

/**
 * A business's print queue (docs/product.md §11): its waiting and printing jobs in order, with their copies, runs
 * and actions, beside them its machines' readiness ("bed clear"), and below its history of ended jobs; read again
 * as the app's event stream tells of a change (app/print-queue), or every few seconds without it.
 */
export function PrintQueueScreen({ business, mayChangeAutoStart, machineTypeName }: PrintQueueScreenProps) {
  const { t } = useTranslation();
  const queue = usePrintQueue(business);
  const settings = useQueueSettings(business);
  const cancelJob = useCancelJob();
  const [copiesOf, setCopiesOf] = useState<QueueJob | null>(null);
  const [toCancel, setToCancel] = useState<QueueJob | null>(null);
  const switchId = useId();

  if (queue.isError && !queue.data) return <Alert variant="danger">{t('printQueue.loadError')}</Alert>;
  if (!queue.data) return <PageSpinner />;
  const { jobs, machines, autoStart } = queue.data;
  const waiting = jobs.filter((job) => job.state === 'waiting').length;
  return (
    <>
      <Form.Check
        type="switch"
        id={switchId}
        className="mb-3"
        label={t('printQueue.autoStart.label')}
        checked={settings.isPending ? (settings.variables?.autoStart ?? autoStart) : autoStart}
        disabled={!mayChangeAutoStart || settings.isPending}
        onChange={(event) => settings.mutate({ autoStart: event.currentTarget.checked })}
        aria-describedby={`${switchId}-help`}
      />
      <p id={`${switchId}-help`} className="small text-body-secondary">
        {t(autoStart ? 'printQueue.autoStart.on' : 'printQueue.autoStart.off')}
      </p>
      <div className="row g-4">
        <section className="col-lg-8" aria-labelledby={`${switchId}-jobs`}>
          <h2 className="h5" id={`${switchId}-jobs`}>
            {t('printQueue.jobs.title')}
          </h2>
          {jobs.length === 0 ? (
            <p className="text-body-secondary" data-testid="queue-empty">
              {t('printQueue.jobs.empty')}
            </p>
          ) : (
            <ListGroup as="ol" className="list-unstyled">
              {jobs.map((job) => (
                <JobCard
                  key={job.id}
                  job={job}
                  machines={machines}
                  machineTypeName={machineTypeName}
                  waiting={job.state === 'waiting' ? waiting : undefined}
                  onCopies={setCopiesOf}
                  onCancel={setToCancel}
                />
              ))}
            </ListGroup>
          )}
        </section>
        <section className="col-lg-4" aria-labelledby={`${switchId}-machines`}>
          <h2 className="h5" id={`${switchId}-machines`}>
            {t('printQueue.machines.title')}
          </h2>
          {machines.length === 0 ? (
            <p className="text-body-secondary">{t('printQueue.machines.empty')}</p>
          ) : (
            <ListGroup as="ul" className="list-unstyled">
              {machines.map((machine) => (
                <ListGroup.Item as="li" key={machine.machineGroup}>
                  <MachineReadiness machine={machine} />
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
        </section>
      </div>
      <QueueHistory business={business} machines={machines} machineTypeName={machineTypeName} />
      {copiesOf && <CopiesDialog job={copiesOf} onClose={() => setCopiesOf(null)} />}
      <ConfirmDialog
        show={toCancel !== null}
        title={t('printQueue.cancel.title')}
        onConfirm={() => toCancel && cancelJob.mutate(toCancel.id, { onSuccess: () => setToCancel(null) })}
        onCancel={() => setToCancel(null)}
        confirmLabel={t('printQueue.cancel.confirm')}
        busy={cancelJob.isPending}
      >
        {toCancel && t('printQueue.cancel.body', { name: toCancel.fileName })}
      </ConfirmDialog>
    </>
  );
}
