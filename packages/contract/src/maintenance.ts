import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.ts';
import { LIMITS } from './limits.ts';
import { optionalText, requiredText, storableText } from './validation.ts';

/**
 * Preventive maintenance plans (docs/design.md §12): each machine type's plan is a list of tasks, each due every so
 * many printing hours, jobs, metres of filament and/or days, whichever comes first; a machine group may override a
 * task's intervals; technicians and managers record when a task was done, which starts its counters again.
 */

/** A task is due soon once any of its counters has reached this share of its interval. */
export const MAINTENANCE_DUE_SOON_FRACTION = 0.9;
/** The longest instruction and done note, and the longest list of parts. */
export const MAINTENANCE_TEXT_MAX = 2000;
export const MAINTENANCE_PARTS_MAX = 500;
/** The longest link of a task. */
export const MAINTENANCE_LINK_MAX = 2000;
/** The largest interval of any criterion (a sanity bound: about 114 years of hours). */
export const MAINTENANCE_INTERVAL_MAX = 1_000_000;

/** What a task's interval counts, in the order the API lists them. */
export const MAINTENANCE_CRITERIA = ['hours', 'jobs', 'metres', 'days'] as const;
export type MaintenanceCriterion = (typeof MAINTENANCE_CRITERIA)[number];

/** The interval field of each criterion. */
export const INTERVAL_FIELDS = {
  hours: 'everyHours',
  jobs: 'everyJobs',
  metres: 'everyMetres',
  days: 'everyDays',
} as const satisfies Record<MaintenanceCriterion, string>;

export const MAINTENANCE_STATES = ['ok', 'dueSoon', 'overdue'] as const;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];

/** Every interval of a task, null where the task is not due by that criterion. */
export interface MaintenanceIntervals {
  everyHours: number | null;
  everyJobs: number | null;
  everyMetres: number | null;
  everyDays: number | null;
}

/** What a machine did since a task was last done: printing hours, jobs, metres of filament, whole days. */
export interface MaintenanceCounters {
  hours: number;
  jobs: number;
  metres: number;
  days: number;
}

/** A task's due state: `fraction` is the nearest criterion's counter over its interval (1 or more: overdue). */
export interface MaintenanceDue {
  state: MaintenanceState;
  nearest: MaintenanceCriterion | null;
  fraction: number | null;
}

/**
 * Whichever comes first: a task is overdue once any counter has reached its interval, due soon once any has
 * reached MAINTENANCE_DUE_SOON_FRACTION of it, and otherwise ok. `nearest` is the criterion furthest along (the
 * first in MAINTENANCE_CRITERIA's order on a tie); with no interval at all the task is never due.
 */
export function maintenanceDue(
  counters: MaintenanceCounters,
  intervals: MaintenanceIntervals,
): MaintenanceDue {
  let nearest: MaintenanceCriterion | null = null;
  let fraction: number | null = null;
  for (const criterion of MAINTENANCE_CRITERIA) {
    const interval = intervals[INTERVAL_FIELDS[criterion]];
    if (interval === null || interval <= 0) continue;
    const share = Math.max(0, counters[criterion]) / interval;
    if (fraction === null || share > fraction) {
      nearest = criterion;
      fraction = share;
    }
  }
  const state: MaintenanceState =
    fraction === null || fraction < MAINTENANCE_DUE_SOON_FRACTION
      ? 'ok'
      : fraction >= 1
        ? 'overdue'
        : 'dueSoon';
  return { state, nearest, fraction };
}

/** How urgent a due state is, for sorting: overdue first, then due soon, then by the nearest fraction. */
export function maintenanceUrgency(due: MaintenanceDue): [rank: number, fraction: number] {
  const rank = due.state === 'overdue' ? 0 : due.state === 'dueSoon' ? 1 : 2;
  return [rank, due.fraction ?? -1];
}

const intervalSchema = z.number().int().min(1).max(MAINTENANCE_INTERVAL_MAX);

const intervalFields = {
  everyHours: intervalSchema.optional(),
  everyJobs: intervalSchema.optional(),
  everyMetres: intervalSchema.optional(),
  everyDays: intervalSchema.optional(),
};

/** At least one interval: a task due by no criterion would never be due. */
const atLeastOneInterval = (
  value: Partial<Record<keyof typeof intervalFields, number>>,
  ctx: z.RefinementCtx,
) => {
  if (Object.values(INTERVAL_FIELDS).some((field) => value[field] !== undefined)) return;
  ctx.addIssue({
    code: 'custom',
    path: ['everyHours'],
    message: 'At least one interval (hours, jobs, metres or days) is required',
    params: { code: 'required' },
  });
};

/** Creating or replacing a task of a machine type's plan (administrators). */
export const maintenanceTaskBodySchema = z
  .object({
    machineType: idSchema,
    name: requiredText(LIMITS.nameMax),
    instruction: optionalText(MAINTENANCE_TEXT_MAX),
    /** An http(s) address, or absent. */
    link: z
      .url({ protocol: /^https?$/ })
      .max(MAINTENANCE_LINK_MAX)
      .optional(),
    ...intervalFields,
  })

  .superRefine(atLeastOneInterval);
export type MaintenanceTaskBody = z.input<typeof maintenanceTaskBodySchema>;

/** A machine group's own intervals for a task, in place of the plan's (administrators). */
export const maintenanceOverrideBodySchema = z.object(intervalFields).superRefine(atLeastOneInterval);
export type MaintenanceOverrideBody = z.input<typeof maintenanceOverrideBodySchema>;

const intervalAnswers = {
  everyHours: z.number().int().nullable(),
  everyJobs: z.number().int().nullable(),
  everyMetres: z.number().int().nullable(),
  everyDays: z.number().int().nullable(),
};

export const maintenanceTaskSchema = z.object({
  id: z.number().int(),
  machineType: z.number().int(),
  name: z.string(),
  instruction: z.string(),
  link: z.string().nullable(),
  ...intervalAnswers,
});
export type MaintenanceTask = z.infer<typeof maintenanceTaskSchema>;
export const maintenanceTaskListSchema = z.array(maintenanceTaskSchema);

export const maintenanceTaskQuerySchema = z.object({ machineType: idParamSchema.optional() });

export const maintenanceOverrideSchema = z.object({
  machine: z.number().int(),
  task: z.number().int(),
  ...intervalAnswers,
});
export type MaintenanceOverride = z.infer<typeof maintenanceOverrideSchema>;

/** The path of a machine group's override of a task. */
export const maintenanceOverrideParamsSchema = z.object({ id: idParamSchema, task: idParamSchema });

/** Marking a task done on a machine group: when (now if absent, never in the future), a note, the parts used. */
export const maintenanceDoneBodySchema = z.object({
  task: idSchema,
  date: z.iso.datetime({ offset: true }).optional(),
  note: optionalText(MAINTENANCE_TEXT_MAX),
  parts: optionalText(MAINTENANCE_PARTS_MAX),
});
export type MaintenanceDoneBody = z.input<typeof maintenanceDoneBodySchema>;

/** A person named on a done record; null once the user is gone. */
export const maintenancePersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
});

/** A task done on a machine group. */
export const maintenanceDoneSchema = z.object({
  id: z.number().int(),
  task: z.number().int(),
  machine: z.number().int(),
  date: z.iso.datetime(),
  by: maintenancePersonSchema.nullable(),
  note: z.string(),
  parts: z.string(),
});
export type MaintenanceDone = z.infer<typeof maintenanceDoneSchema>;

const countersSchema = z.object({
  hours: z.number().min(0),
  jobs: z.number().int().min(0),
  metres: z.number().min(0),
  days: z.number().int().min(0),
});

/** One task's state on one machine group. */
export const maintenanceTaskStateSchema = z.object({
  task: maintenanceTaskSchema,
  /** The intervals in force: the group's override where it has one, else the plan's. */
  intervals: z.object(intervalAnswers),
  overridden: z.boolean(),
  /** Since the task was last done on the group, or since the group was created. */
  counters: countersSchema,
  since: z.iso.datetime(),
  lastDone: maintenanceDoneSchema.nullable(),
  state: z.enum(MAINTENANCE_STATES),
  nearest: z.enum(MAINTENANCE_CRITERIA).nullable(),
  fraction: z.number().nullable(),
});
export type MaintenanceTaskState = z.infer<typeof maintenanceTaskStateSchema>;

/** GET /api/v1/machinegroup/{id}/maintenance: the plan of the group's machine type, each task with its state. */
export const machineMaintenanceSchema = z.object({
  machine: z.number().int(),
  tasks: z.array(maintenanceTaskStateSchema),
});
export type MachineMaintenance = z.infer<typeof machineMaintenanceSchema>;

/** An entry of the fleet list: a task's state on a machine group, with the group's name, place and business. */
export const maintenanceFleetItemSchema = maintenanceTaskStateSchema.extend({
  machine: z.number().int(),
  machineName: z.string(),
  location: z.string(),
  business: z.number().int(),
});
export type MaintenanceFleetItem = z.infer<typeof maintenanceFleetItemSchema>;
export const maintenanceFleetSchema = z.array(maintenanceFleetItemSchema);

/** GET /api/v1/maintenance: filtered by business and by location (exactly, as the groups spell it). */
export const maintenanceFleetQuerySchema = z.object({
  business: idParamSchema.optional(),
  location: storableText().max(LIMITS.locationMax).optional(),
});

/** How a job ended, as the maintenance counters and the fleet insight record it. */
export const MACHINE_JOB_OUTCOMES = ['completed', 'cancelled', 'interrupted'] as const;
export type MachineJobOutcome = (typeof MACHINE_JOB_OUTCOMES)[number];
