import { z } from 'zod';

/**
 * What a board's `state.status` can say: the 13 strings of RepRapFirmware 3.4-3.6 and DSF's
 * `disconnected` (the object model's MachineStatus).
 */
export const CONTROLLER_STATUSES = [
  'disconnected',
  'starting',
  'updating',
  'off',
  'halted',
  'pausing',
  'paused',
  'resuming',
  'cancelling',
  'processing',
  'simulating',
  'busy',
  'changingTool',
  'idle',
] as const;
export type ControllerStatus = (typeof CONTROLLER_STATUSES)[number];

/**
 * The machine's display status on its card (docs/product.md §4): waiting for the first answer,
 * gateway offline, board offline, or the controller's own status.
 */
export const MACHINE_CARD_STATES = [
  'waiting',
  'gatewayOffline',
  'boardOffline',
  ...CONTROLLER_STATUSES,
] as const;
export type MachineCardState = (typeof MACHINE_CARD_STATES)[number];
export const machineCardStateSchema = z.enum(MACHINE_CARD_STATES);

/** The job a card shows: the one running, or the last one once no job runs (then `finished`). */
export const machineJobSchema = z.object({
  /** Full board path, e.g. `0:/gcodes/staffa.gcode`. */
  fileName: z.string(),
  /** Percent with one decimal: file position over file size; 100 once finished; null when the size is unknown. */
  progress: z.number().min(0).max(100).nullable(),
  /** True for the last job (the card's timer stops); false while a job file is open. */
  finished: z.boolean(),
  /** Seconds the job has run, or the last job's duration once finished. */
  durationSeconds: z.number().min(0).nullable(),
  /** When the board expects the running job to end (its file estimate, else the slicer's). */
  estimatedEnd: z.iso.datetime().nullable(),
  /** The layer being printed (1-based) and the file's layer count, when the board knows them. */
  layer: z.number().int().min(0).nullable(),
  layerCount: z.number().int().min(0).nullable(),
  /** The running file carries a thumbnail (GET /api/v1/machines/{id}/job/thumbnail), and its size in pixels. */
  thumbnail: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
});
export type MachineJob = z.infer<typeof machineJobSchema>;

/** What a heater warms: the bed, the chamber, or a tool (every other heater). */
export const HEATER_KINDS = ['bed', 'chamber', 'tool'] as const;
export type HeaterKind = (typeof HEATER_KINDS)[number];

/** One heater's temperatures in °C, one decimal; `target` is the active or standby setpoint, null when off. */
export const machineHeaterSchema = z.object({
  kind: z.enum(HEATER_KINDS),
  /** 1-based among the heaters of its kind. */
  number: z.number().int().min(1),
  current: z.number().nullable(),
  target: z.number().nullable(),
  /** The board's heater state (`off`, `standby`, `active`, `fault`, `tuning`, `offline`). */
  state: z.string(),
});
export type MachineHeater = z.infer<typeof machineHeaterSchema>;

/** What the server knows live about one machine's board, followed through its gateway (docs/design.md §6). */
export const machineLiveStatusSchema = z.object({
  state: machineCardStateSchema,
  /** Reset on every error (docs/product.md §4: "On error, progress and job are reset"). */
  job: machineJobSchema.nullable(),
  /** The board's heaters, bed first, then chamber and tools; empty when not read. */
  heaters: z.array(machineHeaterSchema),
  /** The board's own name (`network.name`) and firmware version, once read. */
  boardName: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  /** When this state was derived; null for a gateway not seen online since the server started. */
  updatedAt: z.iso.datetime().nullable(),
});
export type MachineLiveStatus = z.infer<typeof machineLiveStatusSchema>;

/**
 * The licence of a machine's controller as its card needs it (docs/product.md §3): when it was activated and
 * for how long, in milliseconds, so the page reads its state with `licenseStateOf`. Null without a licence.
 */
export const machineLicenseSchema = z.object({
  activation: z.number().int().nullable(),
  expiry: z.number().int(),
});
export type MachineLicense = z.infer<typeof machineLicenseSchema>;

/** One machine group's card: GET /api/v1/machines/status items, and the stream's `status` events. */
export const machineStatusSchema = z.object({
  machineGroupId: z.number().int(),
  controllerId: z.number().int(),
  /** The machine group's name. */
  name: z.string(),
  /** Its controller's licence, null when it has none (a machine without one counts as expired). */
  license: machineLicenseSchema.nullable(),
  status: machineLiveStatusSchema,
  /**
   * Whether a person marked the machine ready for the print queue's next copy ("bed clear", docs/product.md §11);
   * only for callers who may use the queue of the machine's business, absent for others.
   */
  ready: z.boolean().optional(),
});
export type MachineStatus = z.infer<typeof machineStatusSchema>;

export const machineStatusListSchema = z.array(machineStatusSchema);

/**
 * GET /api/v1/machines/status/stream: an EventSource cannot send an Authorization header, so this one
 * route also takes the session token from the query string.
 */
export const machineStatusStreamQuerySchema = z.object({
  token: z
    .string()
    .optional()
    .describe('The session token, for clients (EventSource) that cannot send an Authorization header'),
});

/**
 * The stream's events: `snapshot` (data: every visible machine, as GET /api/v1/machines/status; sent
 * first, and again whenever the set of visible machines changes), `status` (data: one machine whose
 * status or readiness changed) and `queue` (data: `queueChangeEventSchema`, a business whose print queue changed, to the
 * streams of whoever may use that queue: its pages read it again). Comment lines keep the connection alive.
 */
export const MACHINE_STATUS_EVENTS = { snapshot: 'snapshot', status: 'status', queue: 'queue' } as const;

/**
 * The stream's `queue` event: a business's print queue changed (a job queued, moved, changed or ended, a copy
 * started, followed or ended on its machine, a machine marked ready or no longer); it says nothing more.
 */
export const queueChangeEventSchema = z.object({ business: z.number().int() });
export type QueueChangeEvent = z.infer<typeof queueChangeEventSchema>;
