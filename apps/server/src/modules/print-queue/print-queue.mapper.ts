import type { MachineCardState, QueueJob, QueueMachine, QueueRun } from '@portal/contract';
import type { JobRow, QueueGroupRow, ReadinessRow, RunRow } from './print-queue-rows.ts';

/** A job as the API answers it; `position` is its 1-based place among the waiting jobs, null once it no longer waits. */
export function toQueueJob(row: JobRow, position: number | null): QueueJob {
  return {
    id: row.id,
    business: row.businessId,
    file: row.libraryFileId,
    fileName: row.fileName,
    machineGroup: row.machineGroupId,
    machineType: row.machineTypeId,
    location: row.location,
    copies: row.copies,
    copiesStarted: row.copiesStarted,
    copiesFinished: row.copiesFinished,
    position: row.state === 'waiting' ? position : null,
    state: row.state,
    queuedBy: row.queuedByPerson,
    queuedAt: row.queuedAt.toISOString(),
    cancelledBy: row.cancelledByPerson,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** Jobs in queue order, the waiting ones numbered 1, 2, 3… */
export function toQueueJobs(rows: readonly JobRow[]): QueueJob[] {
  let waiting = 0;
  return rows.map((row) => toQueueJob(row, row.state === 'waiting' ? ++waiting : null));
}

export function toQueueRun(row: RunRow): QueueRun {
  return {
    id: row.id,
    job: row.jobId,
    machineGroup: row.machineGroupId,
    copy: row.copy,
    state: row.state,
    boardFile: row.boardFile,
    startedBy: row.startedByPerson,
    automatic: row.automatic,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    reason: row.reason,
    startError: row.startError,
  };
}

export function toQueueMachine(
  group: QueueGroupRow,
  state: MachineCardState,
  readiness: ReadinessRow | undefined,
  run: RunRow | undefined,
): QueueMachine {
  return {
    machineGroup: group.id,
    name: group.name,
    machineType: group.machineTypeId,
    location: group.location,
    state,
    ready: readiness !== undefined,
    markedBy: readiness?.markedByPerson ?? null,
    markedAt: readiness?.markedAt.toISOString() ?? null,
    run: run ? toQueueRun(run) : null,
  };
}
