import type { MachineGroup, MachineLiveStatus } from '@portal/contract';
import { useMemo } from 'react';
import { useMachineStatuses } from '../../features/fleet/api/get-machine-statuses';
import { cardStatusOf } from '../../features/fleet/lib/card-rules';
import type { FleetMachine } from '../../features/fleet/lib/fleet-glance';
import { useAllMachineGroups } from '../../features/machine-groups/api/get-all-machine-groups';
import { useMaintenanceSummaries } from '../../features/maintenance/api/get-maintenance-fleet';
import type { MaintenanceSummary } from '../../features/maintenance/lib/maintenance-rules';

/** One machine as the fleet's screens show it: its group, live status, licence, maintenance and readiness. */
export interface GlanceMachine extends FleetMachine {
  group: MachineGroup;
  maintenance: MaintenanceSummary | undefined;
  /** Marked ready for the print queue ("bed clear"); undefined unless the person uses its business's queue. */
  ready: boolean | undefined;
}

/**
 * The user's machines joined with what the fleet view judges them by (docs/product.md §2): the live status
 * and the controller's licence from the status list and its stream, each machine's maintenance at a glance.
 * A machine the statuses do not name yet waits, its licence unknown until they do.
 */
export function useFleetGlance() {
  const groups = useAllMachineGroups();
  const { statuses, failedState } = useMachineStatuses();
  const maintenance = useMaintenanceSummaries();
  const machines = useMemo<GlanceMachine[] | undefined>(() => {
    if (!groups.data) return undefined;
    return groups.data.map((group) => {
      const item = statuses?.find((candidate) => candidate.machineGroupId === group.id);
      const status: MachineLiveStatus = cardStatusOf(group.id, statuses, failedState);
      const summary = maintenance?.get(group.id);
      return {
        group,
        name: group.name,
        location: group.location,
        status,
        license: item?.license,
        maintenance: summary,
        maintenanceOverdue: (summary?.overdue ?? 0) > 0,
        ready: item?.ready,
      };
    });
  }, [groups.data, statuses, failedState, maintenance]);
  return { machines, isError: groups.isError };
}
