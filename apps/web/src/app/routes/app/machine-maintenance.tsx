import { MachineLogScreen } from '../../machines/machine-log-screen';

/**
 * /machines/{id}/maintenance: the machine's maintenance plan with its counters, states and done log, and the
 * board's own maintenance status with its overdue components marked.
 */
export default function MachineMaintenanceRoute() {
  return <MachineLogScreen kind="maintenance" />;
}
