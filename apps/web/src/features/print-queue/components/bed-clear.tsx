import { can, type MachineCardState } from '@portal/contract';
import { useEffect } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { useSession } from '../../../lib/session-store';
import { useMarkReady } from '../api/queue-mutation';

/**
 * "Bed clear" on a fleet card or wall tile (docs/product.md §11), for whoever uses the queue, on an idle machine.
 * The fleet's statuses carry no readiness, so the button shows on every idle machine and, once the server took
 * the mark, a badge instead; a machine that leaves idle (a start takes the mark) offers it again when idle.
 */
export function BedClear({
  machineGroup,
  name,
  state,
  large,
}: {
  machineGroup: number;
  name: string;
  state: MachineCardState;
  large?: boolean;
}) {
  const { t } = useTranslation();
  const role = useSession()?.claims.role;
  const markReady = useMarkReady();
  const idle = state === 'idle';
  const { reset } = markReady;
  useEffect(() => {
    if (!idle) reset();
  }, [idle, reset]);
  if (!idle || role === undefined || !can(role, 'printQueue')) return null;
  if (markReady.isSuccess)
    return (
      <Badge
        bg="success"
        className={large ? 'fs-5 align-self-start' : undefined}
        data-testid="bed-clear-badge"
      >
        {t('printQueue.machines.ready')}
      </Badge>
    );
  return (
    <BusyButton
      size={large ? 'lg' : 'sm'}
      variant="success"
      className="align-self-start"
      busy={markReady.isPending}
      onClick={() => markReady.mutate(machineGroup)}
      aria-label={t('printQueue.machines.markFor', { machine: name })}
    >
      <i className="bi bi-check2-square me-1" aria-hidden="true" />
      {t('printQueue.machines.mark')}
    </BusyButton>
  );
}
