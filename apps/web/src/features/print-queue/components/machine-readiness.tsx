import type { QueueMachine } from '@portal/contract';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { formatDateTime } from '../../../lib/format';
import { useCancelRun } from '../api/print-queue';
import { useMarkReady, useUnmarkReady } from '../api/queue-mutation';
import { mayMarkReady } from '../lib/queue-rules';
import { RunStateBadge, usePersonName } from './queue-texts';

/**
 * A machine as the queue sees it: its state, whether a person said its bed is clear (and who), the queued copy
 * it runs; "Bed clear" marks it ready, "Take back" removes the mark.
 */
export function MachineReadiness({ machine, heading }: { machine: QueueMachine; heading?: boolean }) {
  const { t, i18n } = useTranslation();
  const personName = usePersonName();
  const markReady = useMarkReady();
  const unmarkReady = useUnmarkReady();
  const cancelRun = useCancelRun();
  const run = machine.run;
  return (
    <div data-testid={`queue-machine-${machine.machineGroup}`}>
      {heading !== false && (
        <h3 className="h6 mb-1">
          {machine.name}
          {machine.location && <span className="text-body-secondary fw-normal"> · {machine.location}</span>}
        </h3>
      )}
      <div className="d-flex flex-wrap gap-2 align-items-center small mb-2">
        {/* Pausing reads as paused, as on the machine's card (docs/product.md §4). */}
        <span>{t(`fleet.states.${machine.state === 'pausing' ? 'paused' : machine.state}`)}</span>
        {machine.ready ? (
          <Badge bg="success">{t('printQueue.machines.ready')}</Badge>
        ) : (
          <Badge bg="light" text="dark" className="border">
            {t('printQueue.machines.notReady')}
          </Badge>
        )}
        {machine.ready && machine.markedAt && (
          <span className="text-body-secondary">
            {t('printQueue.machines.markedBy', {
              person: personName(machine.markedBy),
              at: formatDateTime(machine.markedAt, i18n.language),
            })}
          </span>
        )}
      </div>
      {run && (
        <div className="d-flex flex-wrap gap-2 align-items-center small mb-2" data-testid="queue-machine-run">
          <span className="text-break">
            {t('printQueue.machines.run', { file: run.boardFile.slice(run.boardFile.lastIndexOf('/') + 1) })}
          </span>
          <RunStateBadge state={run.state} />
          <BusyButton
            size="sm"
            variant="outline-danger"
            busy={cancelRun.isPending}
            onClick={() => cancelRun.mutate(run.id)}
          >
            {t('printQueue.machines.cancelRun')}
          </BusyButton>
        </div>
      )}
      {machine.ready ? (
        <BusyButton
          size="sm"
          variant="outline-secondary"
          busy={unmarkReady.isPending}
          onClick={() => unmarkReady.mutate(machine.machineGroup)}
          aria-label={t('printQueue.machines.unmarkFor', { machine: machine.name })}
        >
          {t('printQueue.machines.unmark')}
        </BusyButton>
      ) : (
        <BusyButton
          size="sm"
          variant="success"
          busy={markReady.isPending}
          disabled={!mayMarkReady(machine)}
          onClick={() => markReady.mutate(machine.machineGroup)}
          aria-label={t('printQueue.machines.markFor', { machine: machine.name })}
        >
          <i className="bi bi-check2-square me-1" aria-hidden="true" />
          {t('printQueue.machines.mark')}
        </BusyButton>
      )}
    </div>
  );
}
