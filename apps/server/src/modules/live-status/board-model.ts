import { z } from 'zod';
import type { BoardIdentity, BoardJob } from './card-state.ts';

/**
 * The few object-model fields the card needs (duet/http-api.md section 3), read leniently: a field the
 * board leaves out (RRF omits nulls without the `n` flag) reads as null; a field of the wrong type makes
 * the answer unreadable.
 */
const num = z
  .number()
  .nullish()
  .transform((value) => value ?? null);
const str = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const liveJobSchema = z.object({
  filePosition: num,
  duration: num,
  timesLeft: z.object({ file: num, slicer: num }).nullish(),
});

/** `job` with its non-live fields, as `rr_model?key=job&flags=d99vn` or DSF's whole model gives it. */
const fullJobSchema = liveJobSchema.extend({
  file: z.object({ fileName: str, size: num }).nullish(),
  lastFileName: str,
  lastDuration: num,
});
export type FullJob = z.infer<typeof fullJobSchema>;

const stateSchema = z.object({ status: z.string() });
const networkSchema = z.object({ name: str });
const boardsSchema = z.array(z.object({ firmwareVersion: str }).nullable());

/** The counters of RRF's `seqs` the follower re-fetches by; DSF has none (which is how it is told apart). */
const seqsSchema = z.looseObject({
  job: z.number(),
  network: z.number().optional(),
  boards: z.number().optional(),
});
export type TrackedSeqs = z.infer<typeof seqsSchema>;

/** `rr_model?flags=d99fn`: the live fields of a standalone board. */
export const rrLiveAnswerSchema = z.object({
  result: z.object({ seqs: seqsSchema, state: stateSchema, job: liveJobSchema.nullish() }),
});
export type RrLiveModel = z.infer<typeof rrLiveAnswerSchema>['result'];

/** The non-live keys the follower reads with `rr_model?key=<key>&flags=d99vn`, and what each holds. */
export interface NonLiveModel {
  job: FullJob;
  network: z.infer<typeof networkSchema>;
  boards: z.infer<typeof boardsSchema>;
}
export type NonLiveKey = keyof NonLiveModel;
export const rrKeyAnswerSchemas: { [K in NonLiveKey]: z.ZodType<{ result: NonLiveModel[K] }> } = {
  job: z.object({ result: fullJobSchema }),
  network: z.object({ result: networkSchema }),
  boards: z.object({ result: boardsSchema }),
};

/** DSF's `GET /machine/status`: the whole object model, unwrapped. */
export const dsfModelSchema = z.object({
  state: stateSchema,
  job: fullJobSchema.nullish(),
  network: networkSchema.nullish(),
  boards: boardsSchema.nullish(),
});
export type DsfModel = z.infer<typeof dsfModelSchema>;

const NO_JOB: FullJob = {
  filePosition: null,
  duration: null,
  timesLeft: null,
  file: null,
  lastFileName: null,
  lastDuration: null,
};

/** The card's job fields from the non-live `job` read last and, for a standalone board, its live fields now. */
export function boardJobOf(full: FullJob | null | undefined, live?: RrLiveModel['job']): BoardJob {
  const job = full ?? NO_JOB;
  const current = live ?? job;
  return {
    fileName: job.file?.fileName ?? null,
    fileSize: job.file?.size ?? null,
    filePosition: current.filePosition,
    duration: current.duration,
    timeLeftFile: current.timesLeft?.file ?? null,
    timeLeftSlicer: current.timesLeft?.slicer ?? null,
    lastFileName: job.lastFileName,
    lastDuration: job.lastDuration,
  };
}

export function identityOf(
  network: NonLiveModel['network'] | null | undefined,
  boards: NonLiveModel['boards'] | null | undefined,
): BoardIdentity {
  return { boardName: network?.name ?? null, firmwareVersion: boards?.[0]?.firmwareVersion ?? null };
}
