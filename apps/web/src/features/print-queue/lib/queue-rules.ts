import { LIMITS, type QueueJob, type QueueJobBody, type QueueMachine, ruleIssue } from '@portal/contract';
import { z } from 'zod';

/** Whether `job` may print on `machine` (docs/product.md §11): its machine group, or its type (at its location). */
export function mayPrintOn(job: QueueJob, machine: QueueMachine): boolean {
  if (job.machineGroup !== null) return job.machineGroup === machine.machineGroup;
  return (
    job.machineType === machine.machineType && (job.location === null || job.location === machine.location)
  );
}

/**
 * The machines "Start now" offers for a job: marked ready, idle, running no queued copy, and ones the job prints
 * on; none while the job has no copy left to start or its file was deleted. The server decides again on start.
 */
export function startableMachines(job: QueueJob, machines: readonly QueueMachine[]): QueueMachine[] {
  if (job.state !== 'waiting' || job.file === null || job.copiesStarted >= job.copies) return [];
  return machines.filter(
    (machine) =>
      machine.ready && machine.state === 'idle' && machine.run === null && mayPrintOn(job, machine),
  );
}

/**
 * Whether "Bed clear" is offered: not while the machine is busy with a queued copy (the server refuses it, 409);
 * an idle machine whose run the portal saw no end of may be marked, which ends that run (docs/product.md §11).
 */
export const mayMarkReady = (machine: QueueMachine): boolean =>
  machine.run === null || machine.state === 'idle';

/** A job's target in words' parts: the machine's name, or the machine type's with the location. */
export function targetParts(
  job: QueueJob,
  machines: readonly QueueMachine[],
  machineTypeName: (id: number) => string | undefined,
): { machine?: string; machineType?: string; location?: string } {
  if (job.machineGroup !== null) {
    const machine = machines.find((entry) => entry.machineGroup === job.machineGroup);
    return { machine: machine?.name ?? `#${job.machineGroup}` };
  }
  const type =
    job.machineType === null ? undefined : (machineTypeName(job.machineType) ?? `#${job.machineType}`);
  return { machineType: type, ...(job.location !== null && { location: job.location }) };
}

/** The machine types among `machines`, each with the locations it is at, for the target's choices. */
export function machineTypesOf(machines: readonly QueueMachine[]): Map<number, string[]> {
  const types = new Map<number, string[]>();
  for (const machine of machines) {
    const locations = types.get(machine.machineType) ?? [];
    if (machine.location && !locations.includes(machine.location)) locations.push(machine.location);
    types.set(machine.machineType, locations);
  }
  for (const locations of types.values()) locations.sort((a, b) => a.localeCompare(b));
  return types;
}

/** The place a job moves to one step up or down among the waiting jobs; null at either end. */
export function stepPosition(job: QueueJob, direction: 'up' | 'down', waiting: number): number | null {
  if (job.position === null) return null;
  const position = job.position + (direction === 'up' ? -1 : 1);
  return position < 1 || position > waiting ? null : position;
}

/** The "add to queue" form: a machine group, or a machine type with an optional location, and the copies. */
export const addToQueueFormSchema = z
  .object({
    kind: z.enum(['machine', 'type']),
    machineGroup: z.number().int().optional(),
    machineType: z.number().int().optional(),
    /** Empty: anywhere. */
    location: z.string(),
    copies: z.number({ error: 'required' }).int().min(1).max(LIMITS.queueCopiesMax),
  })
  .superRefine((values, context) => {
    if (values.kind === 'machine' && values.machineGroup === undefined)
      context.addIssue(ruleIssue('required', 'Choose a machine', ['machineGroup']));
    if (values.kind === 'type' && values.machineType === undefined)
      context.addIssue(ruleIssue('required', 'Choose a machine type', ['machineType']));
  });
export type AddToQueueForm = z.output<typeof addToQueueFormSchema>;

/** The job the server is asked to queue for `file` from what the form holds. */
export function queueJobBodyOf(file: number, form: AddToQueueForm): QueueJobBody {
  const target =
    form.kind === 'machine'
      ? { machineGroup: form.machineGroup as number }
      : { machineType: form.machineType as number, ...(form.location !== '' && { location: form.location }) };
  return { file, target, copies: form.copies };
}
