import { asc } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { machineGroups } from '../db/schema.ts';
import type { MaintenanceRepository } from '../modules/maintenance/maintenance.repository.ts';
import { MACHINE } from './demo-catalog.ts';
import { DEMO_MACHINE_GROUPS } from './demo-machines.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A task of a demo machine type's plan; the intervals as the API takes them (at least one). */
interface DemoTask {
  machine: keyof typeof MACHINE;
  name: string;
  instruction: string;
  everyHours?: number;
  everyJobs?: number;
  everyMetres?: number;
  everyDays?: number;
}

const LUBRICATE_Z = "Lubrificare le viti dell'asse Z";
const NOZZLE = "Sostituire l'ugello";
const BELTS = 'Controllare la tensione delle cinghie';

/** The demo plans: a few tasks per machine type, as their builders' manuals ask for them. */
export const DEMO_MAINTENANCE_TASKS: readonly DemoTask[] = [
  {
    machine: 'prusa',
    name: LUBRICATE_Z,
    instruction:
      'Pulire le viti trapezie con un panno asciutto, poi un velo di grasso al PTFE su tutta la corsa.',
    everyHours: 300,
    everyDays: 180,
  },
  {
    machine: 'prusa',
    name: NOZZLE,
    instruction: 'Scaldare a 250 °C, svitare con la chiave da 7 tenendo fermo il blocchetto riscaldante.',
    everyHours: 1000,
    everyMetres: 5000,
  },
  {
    machine: 'prusa',
    name: BELTS,
    instruction: 'Verificare la tensione delle cinghie X e Y con la procedura guidata del menu Calibrazione.',
    everyHours: 500,
    everyDays: 90,
  },
  {
    machine: 'prusa',
    name: 'Pulire il piano PEI',
    instruction: 'Alcol isopropilico sul piano freddo; sapone per piatti una volta al mese.',
    everyJobs: 100,
  },
  {
    machine: 'pallet',
    name: 'Lubrificare le guide del carrello',
    instruction: 'Grasso al litio sulle guide lineari, poi cinque corse complete a vuoto.',
    everyDays: 90,
  },
  {
    machine: 'pallet',
    name: 'Controllare i fermi dei pallet',
    instruction: 'Ogni fermo deve bloccare il piatto senza gioco; sostituire le molle snervate.',
    everyJobs: 500,
    everyDays: 180,
  },
  {
    machine: 'voron',
    name: BELTS,
    instruction: "Tensione uguale sulle quattro cinghie dell'asse Z e sulle due A/B (circa 110 Hz).",
    everyHours: 300,
    everyDays: 30,
  },
  {
    machine: 'voron',
    name: NOZZLE,
    instruction: 'Ugello in acciaio temprato per il nylon caricato carbonio; serrare a caldo.',
    everyHours: 800,
    everyDays: 120,
  },
  {
    machine: 'voron',
    name: 'Pulire il filtro della camera',
    instruction: 'Sostituire il carbone attivo e pulire il prefiltro HEPA.',
    everyDays: 60,
  },
  {
    machine: 'ratrig',
    name: LUBRICATE_Z,
    instruction: 'Grasso al PTFE sulle tre viti, poi un ciclo di livellamento automatico.',
    everyHours: 300,
    everyDays: 180,
  },
  { machine: 'ratrig', name: NOZZLE, instruction: 'Ugello da 0,6 mm per la produzione.', everyHours: 1000 },
  {
    machine: 'ratrig',
    name: BELTS,
    instruction: 'Tensione uguale sulle due cinghie A/B.',
    everyHours: 500,
    everyDays: 90,
  },
  {
    machine: 'modix',
    name: LUBRICATE_Z,
    instruction: 'Grasso sulle quattro viti a ricircolo e controllo dei giunti.',
    everyHours: 300,
    everyDays: 180,
  },
  { machine: 'modix', name: BELTS, instruction: 'Controllo della tensione su X e Y.', everyDays: 90 },
  { machine: 'modix', name: NOZZLE, instruction: 'Ugello da 1 mm per il grande formato.', everyHours: 1000 },
];

/**
 * What the demo shows due: on this group, one task overdue and one due soon by the days since they were last done
 * (days, unlike jobs, come from the demo's clock alone). Every other task was done recently enough that neither the
 * days nor the jobs the demo boards' statistics logs bring (about one every two days) make it due.
 */
export const DEMO_MAINTENANCE_DUE = {
  group: 'Voron prototipi',
  /** Every 120 days, done 130 days ago. */
  overdue: { task: NOZZLE, doneDaysAgo: 130 },
  /** Every 30 days, done 28 days ago: 93 %, past the 90 % of due soon. */
  dueSoon: { task: BELTS, doneDaysAgo: 28 },
} as const;

/** Who records the demo's work: business A's technician, and B's manager (B has no technician). */
const RECORDED_BY = { a: 'tech@demo.test', b: 'manager2@demo.test' } as const;

export interface DemoMaintenanceDeps {
  db: Database;
  now: Date;
  maintenance: MaintenanceRepository;
  userId: (email: string) => number;
}

/** Days since a task was last done on a group: the two due ones, else a spread from 6 to 30 days. */
function doneDaysAgo(groupName: string, taskName: string, index: number): number {
  const due = DEMO_MAINTENANCE_DUE;
  if (groupName === due.group && taskName === due.overdue.task) return due.overdue.doneDaysAgo;
  if (groupName === due.group && taskName === due.dueSoon.task) return due.dueSoon.doneDaysAgo;
  return 6 + ((index * 7) % 25);
}

/** The plans of the demo machine types, and the work last done on each demo group (through the maintenance module). */
export async function seedDemoMaintenance({
  db,
  now,
  maintenance,
  userId,
}: DemoMaintenanceDeps): Promise<void> {
  const taskIds = new Map<string, number>();
  for (const task of DEMO_MAINTENANCE_TASKS) {
    const row = await maintenance.insertTask({
      machineTypeId: MACHINE[task.machine],
      name: task.name,
      instruction: task.instruction,
      link: null,
      everyHours: task.everyHours ?? null,
      everyJobs: task.everyJobs ?? null,
      everyMetres: task.everyMetres ?? null,
      everyDays: task.everyDays ?? null,
    });
    taskIds.set(`${task.machine}:${task.name}`, row.id);
  }
  const groups = await db.select().from(machineGroups).orderBy(asc(machineGroups.id));
  let index = 0;
  for (const group of groups) {
    const demo = DEMO_MACHINE_GROUPS.find((candidate) => candidate.name === group.name);
    if (!demo) continue;
    const machine = (Object.keys(MACHINE) as (keyof typeof MACHINE)[]).find(
      (key) => MACHINE[key] === group.machineTypeId,
    );
    for (const task of DEMO_MAINTENANCE_TASKS.filter((candidate) => candidate.machine === machine)) {
      const taskId = taskIds.get(`${task.machine}:${task.name}`);
      if (taskId === undefined) throw new Error(`demo task ${task.name} not stored`);
      const doneAt = new Date(now.getTime() - doneDaysAgo(group.name, task.name, index++) * DAY_MS);
      await maintenance.insertDone({
        taskId,
        machineGroupId: group.id,
        doneAt,
        doneBy: userId(RECORDED_BY[demo.business]),
        note: task.name === NOZZLE ? 'Ugello usurato, estrusione irregolare' : '',
        parts: task.name === NOZZLE ? 'Ugello di ricambio' : '',
        recordedAt: doneAt,
      });
    }
  }
}
