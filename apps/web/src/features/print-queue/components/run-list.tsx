import type { QueueMachine, QueueRun } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { RunFailure, RunStateBadge, usePersonName } from './queue-texts';

/** A machine group's name among the machines the viewer sees; its number for one they do not see. */
export const machineNameIn =
  (machines: readonly QueueMachine[]) =>
  (group: number): string =>
    machines.find((machine) => machine.machineGroup === group)?.name ?? `#${group}`;

/**
 * The started copies of a job: each with its machine, state, who started it (or for whom it started by itself)
 * and when, when it ended, and why it failed.
 */
export function RunList({
  runs,
  label,
  machineName,
}: {
  runs: readonly QueueRun[];
  label: string;
  machineName: (group: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const personName = usePersonName();
  return (
    <ul className="list-unstyled small mb-0" aria-label={label}>
      {runs.map((run) => (
        <li key={run.id} className="d-flex flex-wrap gap-2 align-items-center mb-1">
          <span>{t('printQueue.runs.copy', { copy: run.copy })}</span>
          <span className="fw-semibold">{machineName(run.machineGroup)}</span>
          <RunStateBadge state={run.state} />
          <span className="text-body-secondary">
            {t(run.automatic ? 'printQueue.runs.startedAuto' : 'printQueue.runs.startedBy', {
              person: personName(run.startedBy),
              at: formatDateTime(run.startedAt, i18n.language),
            })}
          </span>
          {run.endedAt && (
            <span className="text-body-secondary">
              {t('printQueue.runs.endedAt', { at: formatDateTime(run.endedAt, i18n.language) })}
            </span>
          )}
          <RunFailure run={run} />
        </li>
      ))}
    </ul>
  );
}
