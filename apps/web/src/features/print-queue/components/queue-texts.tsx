import type { QueueJob, QueueMachine, QueuePerson, QueueRun } from '@portal/contract';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { translateErrorCode } from '../../../lib/i18n';
import { targetParts } from '../lib/queue-rules';

/** A person named on a job or run; "a removed user" once gone. */
export function usePersonName() {
  const { t } = useTranslation();
  return (person: QueuePerson | null) =>
    person ? `${person.name} ${person.surname}` : t('printQueue.removedUser');
}

/** Where a job prints, in words: the machine, or the machine type anywhere or at a location. */
export function JobTarget({
  job,
  machines,
  machineTypeName,
}: {
  job: QueueJob;
  machines: readonly QueueMachine[];
  machineTypeName: (id: number) => string | undefined;
}) {
  const { t } = useTranslation();
  const parts = targetParts(job, machines, machineTypeName);
  if (parts.machine !== undefined) return <>{t('printQueue.target.machine', { machine: parts.machine })}</>;
  return (
    <>
      {parts.location === undefined
        ? t('printQueue.target.type', { type: parts.machineType })
        : t('printQueue.target.typeAt', { type: parts.machineType, location: parts.location })}
    </>
  );
}

/** What a job is, on the queue and in its history alike: its target, its copies so far and who queued it when. */
export function JobFacts({
  job,
  machines,
  machineTypeName,
}: {
  job: QueueJob;
  machines: readonly QueueMachine[];
  machineTypeName: (id: number) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const personName = usePersonName();
  return (
    <>
      <div className="small">
        <JobTarget job={job} machines={machines} machineTypeName={machineTypeName} />
      </div>
      <div className="small">
        {t('printQueue.jobs.copies', {
          finished: job.copiesFinished,
          started: job.copiesStarted,
          copies: job.copies,
        })}
      </div>
      <div className="small text-body-secondary">
        {t('printQueue.jobs.queuedBy', {
          person: personName(job.queuedBy),
          at: formatDateTime(job.queuedAt, i18n.language),
        })}
      </div>
    </>
  );
}

const JOB_BADGE = { waiting: 'secondary', printing: 'primary', done: 'success', cancelled: 'dark' } as const;
const RUN_BADGE = {
  starting: 'info',
  printing: 'primary',
  paused: 'warning',
  finished: 'success',
  failed: 'danger',
  cancelled: 'dark',
} as const;

export function JobStateBadge({ state }: { state: QueueJob['state'] }) {
  const { t } = useTranslation();
  return <Badge bg={JOB_BADGE[state]}>{t(`printQueue.jobStates.${state}`)}</Badge>;
}

export function RunStateBadge({ state }: { state: QueueRun['state'] }) {
  const { t } = useTranslation();
  return (
    <Badge bg={RUN_BADGE[state]} text={state === 'starting' || state === 'paused' ? 'dark' : undefined}>
      {t(`printQueue.runStates.${state}`)}
    </Badge>
  );
}

/**
 * Why a run failed, in the reader's language: its reason, and for a start not made the portal's error that stopped
 * it, when the run has one. Nothing for a run that did not fail.
 */
export function RunFailure({ run }: { run: Pick<QueueRun, 'reason' | 'startError'> }) {
  const { t } = useTranslation();
  if (run.reason === null) return null;
  const reason = t(`printQueue.runs.reasons.${run.reason}`);
  const error =
    run.reason === 'notStarted' && run.startError ? translateErrorCode(run.startError) : undefined;
  return (
    <span className="text-danger text-break">{error === undefined ? reason : `${reason} ${error}`}</span>
  );
}
