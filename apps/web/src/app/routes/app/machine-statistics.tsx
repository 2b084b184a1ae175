import { MachineLogScreen } from '../../machines/machine-log-screen';

/** /machines/{id}/statistics: the machine's job statistics, with a chart. */
export default function MachineStatisticsRoute() {
  return <MachineLogScreen kind="statistics" />;
}
