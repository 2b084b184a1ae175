import { can } from '@portal/contract';
import { useMemo } from 'react';
import type { BoardTarget } from '../../features/machine-files/api/board-target';
import { useSession } from '../../lib/session-store';
import type { MachineContext } from './use-machine-context';

/**
 * How the SPA's own board calls reach a loaded machine: administrators by the admin path (no licence needed),
 * everyone else by the customer path (docs/product.md §6); the firmware segment is the group's firmware.
 */
export function useBoardTarget(context: MachineContext): BoardTarget | undefined {
  const role = useSession()?.claims.role;
  const controllerId = context.status === 'ready' ? context.controller.id : undefined;
  const firmware = context.status === 'ready' ? String(context.group.firmware) : undefined;
  return useMemo(() => {
    if (controllerId === undefined || firmware === undefined || role === undefined) return undefined;
    return { controllerId, firmware, path: can(role, 'expiredControlPanel') ? 'admin' : 'customer' };
  }, [controllerId, firmware, role]);
}
