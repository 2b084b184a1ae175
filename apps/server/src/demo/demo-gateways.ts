import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { machineGroups } from '../db/schema.ts';
import type { ControllersRepository } from '../modules/controllers/controllers.repository.ts';
import { generateGatewayKey, hashGatewayKey } from '../modules/controllers/gateway-key.ts';
import { DEMO_MACHINE_GROUPS, type DemoHardware } from './demo-machines.ts';

/** A demo group's gateway as the simulated hardware needs it: where to dial in, and what to simulate. */
export interface DemoGateway {
  machine: string;
  controllerId: number;
  key: string;
  hardware: DemoHardware;
}

/**
 * Fresh gateway keys for the demo groups that still exist, on every start in demo mode: keys are stored only
 * as hashes, so the simulated gateways of this run get new ones (like an installer pasting a new key).
 */
export async function issueDemoGatewayKeys(
  db: Database,
  controllers: ControllersRepository,
  now: Date,
): Promise<DemoGateway[]> {
  const names = DEMO_MACHINE_GROUPS.map((group) => group.name);
  const rows = await db
    .select({ name: machineGroups.name, controllerId: machineGroups.computerControllerId })
    .from(machineGroups)
    .where(inArray(machineGroups.name, names));
  const gateways: DemoGateway[] = [];
  for (const group of DEMO_MACHINE_GROUPS) {
    const row = rows.find((candidate) => candidate.name === group.name);
    if (!row) continue;
    const key = generateGatewayKey();
    await controllers.setKeyHash(row.controllerId, hashGatewayKey(key), now);
    gateways.push({ machine: group.name, controllerId: row.controllerId, key, hardware: group.hardware });
  }
  return gateways;
}
