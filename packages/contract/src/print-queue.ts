import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';
import { idSchema } from './ids.ts';
import { LIMITS } from './limits.ts';
import { machineCardStateSchema } from './live-status.ts';
import { pageSchema } from './paging.ts';
import { storableText } from './validation.ts';

/**
 * The print queue (docs/product.md §11): a business's jobs, each a library file to print so many copies of on one
 * machine group or on any machine of a type (optionally at one location), started copy by copy on a machine a
 * person marked ready ("bed clear"), by hand or, when the business wants it, as soon as the machine is marked.
 */

/**
 * A job's state: `waiting` while a copy is left to start, `printing` once every copy started and one still runs,
 * `done` once every copy ended, `cancelled` when a person cancelled it (its running copies run on).
 */
export const QUEUE_JOB_STATES = ['waiting', 'printing', 'done', 'cancelled'] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

/**
 * A run, one started copy: `starting` while the file goes to the board and until the board prints it, `printing`
 * and `paused` as the board says, then `finished`, `failed` (the board did not take or start it, or the print was
 * cancelled on the machine: the copy waits again) or `cancelled` (through the queue: the copy is not printed again).
 */
export const QUEUE_RUN_STATES = [
  'starting',
  'printing',
  'paused',
  'finished',
  'failed',
  'cancelled',
] as const;
export type QueueRunState = (typeof QUEUE_RUN_STATES)[number];

/**
 * Why a run failed, as a code each interface words in its own language: the start failing, `fileRefused` (the
 * machine did not take the file), `startRefused` (it took the file and did not start the print) or `notStarted`
 * (anything else stopped it: the run's `startError` says what, when the portal had one of its error codes for it);
 * or the print ending, `halted` (the machine halted), `cancelledOnMachine` (cancelled on the machine's own panel or
 * display) or `endedUnseen` (it ended while the portal was not following the machine, settled when the machine was
 * marked ready).
 */
export const QUEUE_RUN_FAILURES = [
  'fileRefused',
  'startRefused',
  'notStarted',
  'halted',
  'cancelledOnMachine',
  'endedUnseen',
] as const;
export type QueueRunFailure = (typeof QUEUE_RUN_FAILURES)[number];

/** The runs a machine has at most one of at a time. */
export const ACTIVE_QUEUE_RUN_STATES = [
  'starting',
  'printing',
  'paused',
] as const satisfies readonly QueueRunState[];

/** Where a job may print: one machine group, or any machine of a type, anywhere or at one location. */
export const queueTargetSchema = z.union([
  z.strictObject({ machineGroup: idSchema }),
  z.strictObject({
    machineType: idSchema,
    location: storableText().trim().min(1).max(LIMITS.locationMax).optional(),
  }),
]);
export type QueueTarget = z.infer<typeof queueTargetSchema>;

const copiesSchema = z.number().int().min(1).max(LIMITS.queueCopiesMax);

/** POST /api/v1/business/{id}/print-queue/jobs: a library file of the business, where, how many copies. */
export const queueJobBodySchema = z.strictObject({
  file: idSchema,
  target: queueTargetSchema,
  copies: copiesSchema.default(1),
});
export type QueueJobBody = z.input<typeof queueJobBodySchema>;

/** PUT /api/v1/print-queue/jobs/{id}/copies: at least the copies already started. */
export const queueCopiesBodySchema = z.strictObject({ copies: copiesSchema });
export type QueueCopiesBody = z.infer<typeof queueCopiesBodySchema>;

/** PUT /api/v1/print-queue/jobs/{id}/position: 1 is the head of the business's waiting jobs. */
export const queuePositionBodySchema = z.strictObject({ position: z.number().int().min(1).max(100_000) });
export type QueuePositionBody = z.infer<typeof queuePositionBodySchema>;

/** POST /api/v1/print-queue/jobs/{id}/start: the ready machine to start the job's next copy on. */
export const queueStartBodySchema = z.strictObject({ machineGroup: idSchema });
export type QueueStartBody = z.infer<typeof queueStartBodySchema>;

/** PUT /api/v1/business/{id}/print-queue/settings. */
export const queueSettingsSchema = z.strictObject({
  /** A machine marked ready starts the first job waiting for it, without another click. */
  autoStart: z.boolean(),
});
export type QueueSettings = z.infer<typeof queueSettingsSchema>;

/** A person named on a job or run; null once the user is gone. */
export const queuePersonSchema = z.object({ id: z.number().int(), name: z.string(), surname: z.string() });
export type QueuePerson = z.infer<typeof queuePersonSchema>;

/** A job of the queue. */
export const queueJobSchema = z.object({
  id: z.number().int(),
  business: z.number().int(),
  /** The library file; null once it was deleted from the library (the job can no longer start). */
  file: z.number().int().nullable(),
  fileName: z.string(),
  machineGroup: z.number().int().nullable(),
  machineType: z.number().int().nullable(),
  location: z.string().nullable(),
  copies: z.number().int(),
  /** Copies started and not failed (running, finished or cancelled). */
  copiesStarted: z.number().int(),
  copiesFinished: z.number().int(),
  /** 1-based order among the business's waiting jobs; null once the job no longer waits. */
  position: z.number().int().nullable(),
  state: z.enum(QUEUE_JOB_STATES),
  queuedBy: queuePersonSchema.nullable(),
  queuedAt: z.iso.datetime(),
  cancelledBy: queuePersonSchema.nullable(),
  cancelledAt: z.iso.datetime().nullable(),
});
export type QueueJob = z.infer<typeof queueJobSchema>;

/** One started copy of a job. */
export const queueRunSchema = z.object({
  id: z.number().int(),
  job: z.number().int(),
  machineGroup: z.number().int(),
  copy: z.number().int(),
  state: z.enum(QUEUE_RUN_STATES),
  /** The file on the board's card, e.g. `0:/gcodes/queue/staffa.gcode`. */
  boardFile: z.string(),
  startedBy: queuePersonSchema.nullable(),
  /** Started by a machine marked ready (the business's automatic start), not by "start now". */
  automatic: z.boolean(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  /** Why it failed; null unless it did. */
  reason: z.enum(QUEUE_RUN_FAILURES).nullable(),
  /** The portal's error that stopped a `notStarted` start (the gateway or board offline…), when it had a code. */
  startError: z.enum(ERROR_CODES).nullable(),
});
export type QueueRun = z.infer<typeof queueRunSchema>;

/** A machine group of the business as the queue sees it: whether a person marked its bed clear, what it runs. */
export const queueMachineSchema = z.object({
  machineGroup: z.number().int(),
  name: z.string(),
  machineType: z.number().int(),
  location: z.string(),
  /** The card's state now (idle, processing, offline…). */
  state: machineCardStateSchema,
  ready: z.boolean(),
  markedBy: queuePersonSchema.nullable(),
  markedAt: z.iso.datetime().nullable(),
  /** The queue's run on it now, if any. */
  run: queueRunSchema.nullable(),
});
export type QueueMachine = z.infer<typeof queueMachineSchema>;

/** GET /api/v1/business/{id}/print-queue: waiting and running jobs in order, and the machines the caller sees. */
export const printQueueSchema = z.object({
  business: z.number().int(),
  autoStart: z.boolean(),
  jobs: z.array(queueJobSchema),
  machines: z.array(queueMachineSchema),
});
export type PrintQueue = z.infer<typeof printQueueSchema>;

/** GET /api/v1/machinegroup/{id}/print-queue: the machine, and the jobs that may start on it, in order. */
export const machineQueueSchema = z.object({
  machine: queueMachineSchema,
  jobs: z.array(queueJobSchema),
});
export type MachineQueue = z.infer<typeof machineQueueSchema>;

/** GET /api/v1/print-queue/jobs/{id}: the job and each of its runs, oldest first. */
export const queueJobHistorySchema = z.object({ job: queueJobSchema, runs: z.array(queueRunSchema) });
export type QueueJobHistory = z.infer<typeof queueJobHistorySchema>;

/** How many ended jobs a page of the queue's history holds unless asked, and at most (each comes with its runs). */
export const QUEUE_HISTORY_PAGE_SIZE = 10;
export const QUEUE_HISTORY_PAGE_MAX = 50;

/** GET /api/v1/business/{id}/print-queue/history: which page of the ended jobs, the newest end first. */
export const queueHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QUEUE_HISTORY_PAGE_MAX).default(QUEUE_HISTORY_PAGE_SIZE),
});
export type QueueHistoryQuery = z.infer<typeof queueHistoryQuerySchema>;

/**
 * An ended job (`done` or `cancelled`) with each of its runs, oldest first: where each copy printed, who started
 * it and how it ended. `endedAt` is when it was cancelled, or when its last copy ended.
 */
export const queueHistoryEntrySchema = queueJobHistorySchema.extend({ endedAt: z.iso.datetime() });
export type QueueHistoryEntry = z.infer<typeof queueHistoryEntrySchema>;

/** A page of a business's ended jobs, the newest end first. */
export const queueHistoryPageSchema = pageSchema(queueHistoryEntrySchema);
export type QueueHistoryPage = z.infer<typeof queueHistoryPageSchema>;

/** PUT /api/v1/machinegroup/{id}/ready: the machine, and the run it started when the business starts by itself. */
export const queueReadyAnswerSchema = z.object({
  machine: queueMachineSchema,
  started: queueRunSchema.nullable(),
});
export type QueueReadyAnswer = z.infer<typeof queueReadyAnswerSchema>;
