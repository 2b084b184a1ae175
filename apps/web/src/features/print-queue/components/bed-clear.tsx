import type { MachineCardState } from '@portal/contract';
import { useState } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { useMarkReady, useUnmarkReady } from '../api/queue-mutation';

export interface BedClearProps {
  machineGroup: number;
  name: string;
  state: MachineCardState;
  /**
   * Whether the machine is marked ready, as its fleet status carries it: undefined when the person may not use the
   * queue of the machine's business (the server leaves it out), and then nothing shows.
   */
  ready: boolean | undefined;
  large?: boolean;
}

/**
 * "Bed clear" on a fleet card or wall tile (docs/product.md §11): an idle machine that is not marked ready offers
 * it; a marked one, whatever its state (marked while offline, say), shows the "Bed clear" badge and "Take the mark
 * back". What the server took shows at once and holds until the machine's status changes: the status, whose
 * stream usually brings the change first, is the truth again from then on.
 */
export function BedClear({ machineGroup, name, state, ready, large }: BedClearProps) {
  const { t } = useTranslation();
  const markReady = useMarkReady();
  const unmarkReady = useUnmarkReady();
  // What the server took here, forgotten as soon as the status changes (set while rendering, as React advises for
  // state that follows a prop): a mark put, taken back and put again elsewhere is shown as it is.
  const [taken, setTaken] = useState<boolean | null>(null);
  const status = `${ready}:${state}`;
  const [seen, setSeen] = useState(status);
  if (seen !== status) {
    setSeen(status);
    setTaken(null);
  }
  const shownReady = taken ?? ready;
  if (shownReady === undefined) return null;
  const size = large ? 'lg' : 'sm';
  if (shownReady)
    return (
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Badge bg="success" className={large ? 'fs-5' : undefined} data-testid="bed-clear-badge">
          {t('printQueue.machines.ready')}
        </Badge>
        <BusyButton
          size={size}
          variant="outline-secondary"
          busy={unmarkReady.isPending}
          onClick={() => unmarkReady.mutate(machineGroup, { onSuccess: () => setTaken(false) })}
          aria-label={t('printQueue.machines.unmarkFor', { machine: name })}
        >
          {t('printQueue.machines.unmark')}
        </BusyButton>
      </div>
    );
  if (state !== 'idle') return null;
  return (
    <BusyButton
      size={size}
      variant="success"
      className="align-self-start"
      busy={markReady.isPending}
      onClick={() => markReady.mutate(machineGroup, { onSuccess: () => setTaken(true) })}
      aria-label={t('printQueue.machines.markFor', { machine: name })}
    >
      <i className="bi bi-check2-square me-1" aria-hidden="true" />
      {t('printQueue.machines.mark')}
    </BusyButton>
  );
}
