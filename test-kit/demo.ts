/**
 * The demo data every test portal starts with, read from its definition on the server (`apps/server/src/demo/`),
 * so that tests name accounts and count machines as the seed made them rather than by literals.
 */
import type { DEMO_USERS } from '../apps/server/src/demo/demo-fleet.ts';
import { DEMO_MACHINE_GROUPS } from '../apps/server/src/demo/demo-machines.ts';

export { DEMO_PASSWORD, DEMO_USERS } from '../apps/server/src/demo/demo-fleet.ts';
export { DEMO_MAINTENANCE_DUE } from '../apps/server/src/demo/demo-maintenance.ts';
export { DEMO_MACHINE_GROUPS };

export type DemoEmail = (typeof DEMO_USERS)[number]['email'];
type DemoMachineGroup = (typeof DEMO_MACHINE_GROUPS)[number];

/** The demo machine groups assigned to a technician or customer (the seed names them by their address). */
export const demoGroupsAssignedTo = (email: DemoEmail): DemoMachineGroup[] =>
  DEMO_MACHINE_GROUPS.filter((group) => group.assignees.some((key) => `${key}@demo.test` === email));

/** Whether the demo hardware of a group comes online: its gateway connects and its board answers. */
export const isOnlineInDemo = (group: DemoMachineGroup): boolean =>
  group.hardware.gateway === 'online' && group.hardware.board !== 'offline';

/** The demo machine groups whose board comes online idle: a print can start on them at once. */
export const idleDemoGroups = (): DemoMachineGroup[] =>
  DEMO_MACHINE_GROUPS.filter((group) => isOnlineInDemo(group) && group.hardware.board === 'idle');
