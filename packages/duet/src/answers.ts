import { z } from 'zod';

/**
 * The few object-model fields the portal reads from a board's answers, read leniently: a field the board leaves
 * out (RRF omits nulls without the `n` flag) reads as null; a field of the wrong type makes the answer unreadable.
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
  layer: num,
  timesLeft: z.object({ file: num, slicer: num }).nullish(),
});

/**
 * One thumbnail a sliced file carries (`job.file.thumbnails[]`, `rr_fileinfo`): where its base64 text starts in the
 * file and how long it is; DSF can put the text itself in `data`.
 */
const thumbnailSchema = z.object({
  format: z.string(),
  width: z.number(),
  height: z.number(),
  offset: num,
  size: num,
  data: str,
});
export type FileThumbnail = z.infer<typeof thumbnailSchema>;

/** `job` with its non-live fields, as `rr_model?key=job&flags=d99vn` or DSF's whole model gives it. */
const fullJobSchema = liveJobSchema.extend({
  file: z
    .object({
      fileName: str,
      size: num,
      numLayers: num,
      thumbnails: z
        .array(thumbnailSchema)
        .nullish()
        .transform((value) => value ?? []),
    })
    .nullish(),
  lastFileName: str,
  lastDuration: num,
});
export type FullJob = z.infer<typeof fullJobSchema>;

/** The live fields of one heater (`heat.heaters[]`; a missing heater is null). */
const liveHeaterSchema = z.object({ current: num, active: num, standby: num, state: str }).nullable();
const liveHeatSchema = z.object({ heaters: z.array(liveHeaterSchema) });
export type LiveHeat = z.infer<typeof liveHeatSchema>;

/** Which heaters warm the bed and the chamber (`heat`'s non-live part); -1 where none is configured. */
const heaterRolesSchema = z.object({
  bedHeaters: z
    .array(z.number())
    .nullish()
    .transform((value) => value ?? []),
  chamberHeaters: z
    .array(z.number())
    .nullish()
    .transform((value) => value ?? []),
});
export type HeaterRoles = z.infer<typeof heaterRolesSchema>;

const stateSchema = z.object({ status: z.string() });
const networkSchema = z.object({ name: str });
const boardsSchema = z.array(z.object({ firmwareVersion: str }).nullable());

/** The counters of RRF's `seqs` a follower re-reads by; DSF has none (which is how it is told apart). */
const seqsSchema = z.looseObject({
  job: z.number(),
  network: z.number().optional(),
  boards: z.number().optional(),
  heat: z.number().optional(),
});
export type TrackedSeqs = z.infer<typeof seqsSchema>;

/** `rr_model?flags=d99fn`: the live fields of a standalone board. */
export const rrLiveAnswerSchema = z.object({
  result: z.object({
    seqs: seqsSchema,
    state: stateSchema,
    job: liveJobSchema.nullish(),
    heat: liveHeatSchema.nullish(),
  }),
});
export type RrLiveModel = z.infer<typeof rrLiveAnswerSchema>['result'];

/** The `{"err":N}` most `rr_*` calls answer; no `err` reads as success. */
export const rrErrAnswerSchema = z.looseObject({ err: z.number().optional() });

/** `rr_model?key=state`: the machine's `state.status`. */
export const rrStateAnswerSchema = z.object({ result: stateSchema });

/**
 * `rr_model?key=state.time`: the board's local date and time without zone (`2026-11-27T17:20:05`), null when its
 * clock was never set.
 */
export const rrTimeAnswerSchema = z.object({ result: z.string().nullable() });

/** DSF's `GET /machine/status`, read for its clock only: `state.time` as above. */
export const dsfTimeSchema = z.object({ state: z.object({ time: z.string().nullish() }) });

/** The non-live keys read with `rr_model?key=<key>&flags=d99vn`, and what each holds. */
export interface NonLiveModel {
  job: FullJob;
  network: z.infer<typeof networkSchema>;
  boards: z.infer<typeof boardsSchema>;
  heat: HeaterRoles;
}
export type NonLiveKey = keyof NonLiveModel;
export const rrKeyAnswerSchemas: { [K in NonLiveKey]: z.ZodType<{ result: NonLiveModel[K] }> } = {
  job: z.object({ result: fullJobSchema }),
  network: z.object({ result: networkSchema }),
  boards: z.object({ result: boardsSchema }),
  heat: z.object({ result: heaterRolesSchema }),
};

/** DSF's `GET /machine/status`: the whole object model, unwrapped. */
export const dsfModelSchema = z.object({
  state: stateSchema,
  job: fullJobSchema.nullish(),
  network: networkSchema.nullish(),
  boards: boardsSchema.nullish(),
  heat: liveHeatSchema.and(heaterRolesSchema).nullish(),
});

/** `rr_thumbnail`: one chunk of a thumbnail's base64 text, and where the next starts (0: none). */
export const rrThumbnailAnswerSchema = z.object({ err: z.literal(0), data: z.string(), next: z.number() });

/**
 * A file's info as far as its thumbnails go: RRF's `rr_fileinfo` (where each one lies in the file), or DSF's
 * `GET /machine/fileinfo/{path}?readThumbnailContent=true` (each one's text in `data`).
 */
export const fileInfoAnswerSchema = z.object({ thumbnails: z.array(thumbnailSchema).nullish() });

/** What the main board runs, as its object model says (`boards[0]`, docs/duet-http.md §3.6). */
const firmwareSchema = z.object({ firmwareName: z.string(), firmwareVersion: z.string() });

/**
 * `rr_model?key=boards[0]` on standalone RRF: the main board, whose name and version the gateway reports (read once
 * per board session).
 */
export const rrBoardAnswerSchema = z.object({ result: firmwareSchema });

/**
 * DSF's whole model (`GET /machine/status`) as far as the firmware goes: the main board's, and DSF's own version
 * (`sbc.dsf.version`, absent on older releases).
 */
export const dsfFirmwareModelSchema = z.object({
  boards: z.tuple([firmwareSchema], z.unknown()),
  sbc: z
    .object({ dsf: z.object({ version: z.string() }).nullish() })
    .nullish()
    .transform((sbc) => sbc?.dsf?.version ?? null),
});

/** Keeps a byte-order mark, which makes the answer no JSON, as a board never sends one. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** A board's JSON answer read with `schema`, or undefined when it is no JSON or does not match. */
export function readBoardAnswer<T>(schema: z.ZodType<T>, body: Uint8Array): T | undefined {
  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(body));
  } catch {
    return undefined;
  }
  const result = schema.safeParse(json);
  return result.success ? result.data : undefined;
}
