import type { QueueJob, QueueMachine } from '@portal/contract';
import { useId, useState } from 'react';
import { Button, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { useJobHistory, useMoveJob, useStartJob } from '../api/print-queue';
import { startableMachines, stepPosition } from '../lib/queue-rules';
import { JobFacts, JobStateBadge } from './queue-texts';
import { machineNameIn, RunList } from './run-list';

/** Each copy started of a job: the machine, the run's state, who started it and when. */
function JobRuns({ id, job, machines }: { id: string; job: QueueJob; machines: readonly QueueMachine[] }) {
  const { t } = useTranslation();
  const history = useJobHistory(job.id);
  const runs = history.data?.runs;
  return (
    <div id={id} className="mt-2">
      {runs === undefined ? (
        <span className="small text-body-secondary">{t('printQueue.runs.loading')}</span>
      ) : runs.length === 0 ? (
        <span className="small text-body-secondary">{t('printQueue.runs.none')}</span>
      ) : (
        <RunList
          runs={runs}
          label={t('printQueue.runs.label', { name: job.fileName })}
          machineName={machineNameIn(machines)}
        />
      )}
    </div>
  );
}

export interface JobCardProps {
  job: QueueJob;
  /** The business's machines the viewer sees: names, and where "Start now" may start the job. */
  machines: readonly QueueMachine[];
  machineTypeName: (id: number) => string | undefined;
  /** How many jobs wait: moving down stops at the last; undefined: the job is not moved from here. */
  waiting?: number | undefined;
  onCopies?: ((job: QueueJob) => void) | undefined;
  onCancel?: ((job: QueueJob) => void) | undefined;
}

/**
 * One job of the queue: its file, target, copies, state and who queued it; moving it up or down, its copies,
 * cancelling it, starting its next copy on a ready machine, and its runs on demand.
 */
export function JobCard({ job, machines, machineTypeName, waiting, onCopies, onCancel }: JobCardProps) {
  const { t } = useTranslation();
  const move = useMoveJob();
  const start = useStartJob();
  const [showRuns, setShowRuns] = useState(false);
  const runsId = useId();
  const ready = startableMachines(job, machines);
  const up = waiting === undefined ? null : stepPosition(job, 'up', waiting);
  const down = waiting === undefined ? null : stepPosition(job, 'down', waiting);
  const ended = job.state === 'done' || job.state === 'cancelled';
  return (
    <ListGroup.Item as="li" data-testid={`queue-job-${job.id}`}>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        {waiting !== undefined && (
          <div className="d-flex flex-column gap-1">
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={up === null || move.isPending}
              onClick={() => up !== null && move.mutate({ job: job.id, position: up })}
              aria-label={t('printQueue.jobs.moveUp', { name: job.fileName })}
            >
              <i className="bi bi-arrow-up" aria-hidden="true" />
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={down === null || move.isPending}
              onClick={() => down !== null && move.mutate({ job: job.id, position: down })}
              aria-label={t('printQueue.jobs.moveDown', { name: job.fileName })}
            >
              <i className="bi bi-arrow-down" aria-hidden="true" />
            </Button>
          </div>
        )}
        <div className="flex-grow-1" style={{ minWidth: 0 }}>
          <div className="d-flex flex-wrap gap-2 align-items-center">
            {job.position !== null && <span className="text-body-secondary">{job.position}.</span>}
            <h3 className="h6 mb-0 text-break">{job.fileName}</h3>
            <JobStateBadge state={job.state} />
          </div>
          <JobFacts job={job} machines={machines} machineTypeName={machineTypeName} />
          {job.file === null && <div className="small text-danger">{t('printQueue.jobs.fileGone')}</div>}
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        {ready.map((machine) => (
          <BusyButton
            key={machine.machineGroup}
            size="sm"
            busy={start.isPending && start.variables?.machineGroup === machine.machineGroup}
            disabled={start.isPending}
            onClick={() => start.mutate({ job: job.id, machineGroup: machine.machineGroup })}
          >
            <i className="bi bi-play-fill me-1" aria-hidden="true" />
            {t('printQueue.jobs.startOn', { machine: machine.name })}
          </BusyButton>
        ))}
        {onCopies && !ended && (
          <Button size="sm" variant="outline-secondary" onClick={() => onCopies(job)}>
            {t('printQueue.jobs.changeCopies')}
          </Button>
        )}
        {onCancel && !ended && (
          <Button size="sm" variant="outline-danger" onClick={() => onCancel(job)}>
            {t('printQueue.jobs.cancel')}
          </Button>
        )}
        <Button
          size="sm"
          variant="link"
          aria-expanded={showRuns}
          aria-controls={showRuns ? runsId : undefined}
          onClick={() => setShowRuns(!showRuns)}
        >
          {t(showRuns ? 'printQueue.runs.hide' : 'printQueue.runs.show')}
        </Button>
      </div>
      {showRuns && <JobRuns id={runsId} job={job} machines={machines} />}
    </ListGroup.Item>
  );
}
