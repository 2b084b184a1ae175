import { Card, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMachineQueue } from '../api/print-queue';
import { JobCard } from './job-card';
import { MachineReadiness } from './machine-readiness';

export interface MachineQueuePanelProps {
  machineGroup: number;
  machineTypeName: (id: number) => string | undefined;
  /** Where the whole queue of the machine's business is. */
  queueHref: string;
}

/** A machine's part of the print queue, on its page: its readiness ("bed clear") and the jobs that may print on it. */
export function MachineQueuePanel({ machineGroup, machineTypeName, queueHref }: MachineQueuePanelProps) {
  const { t } = useTranslation();
  const queue = useMachineQueue(machineGroup);
  if (!queue.data) return null;
  const { machine, jobs } = queue.data;
  return (
    <Card className="mb-3" data-testid="machine-queue">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
          <h2 className="h5">{t('printQueue.machinePanel.title')}</h2>
          <Link to={queueHref}>{t('printQueue.machinePanel.all')}</Link>
        </div>
        <MachineReadiness machine={machine} heading={false} />
        {jobs.length === 0 ? (
          <p className="text-body-secondary small mt-3 mb-0" data-testid="machine-queue-empty">
            {t('printQueue.machinePanel.empty')}
          </p>
        ) : (
          <ListGroup as="ol" className="list-unstyled mt-3">
            {jobs.map((job) => (
              <JobCard key={job.id} job={job} machines={[machine]} machineTypeName={machineTypeName} />
            ))}
          </ListGroup>
        )}
      </Card.Body>
    </Card>
  );
}
