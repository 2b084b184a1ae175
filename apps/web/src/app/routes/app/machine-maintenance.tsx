import { MachineLogScreen } from '../../machines/machine-log-screen';

/** /machines/{id}/maintenance: the machine's maintenance status, overdue components marked. */
export default function MachineMaintenanceRoute() {
  return <MachineLogScreen kind="maintenance" />;
}
