import type { Readable } from 'node:stream';
import { z } from 'zod';

/** A version as Semantic Versioning 2.0.0 writes it (with its pre-release and build parts), as the gateway's package carries it. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** A short text a board reports about itself, shown to administrators as it came. */
const boardText = z.string().trim().min(1).max(64);

/**
 * What a gateway tells the portal about itself and its board (docs/design.md §5c), one JSON object per line on the
 * REPORTS_PATH stream. Fields a newer gateway adds are dropped, so an older portal still reads its reports.
 */
export const gatewayReportSchema = z.object({
  /** The gateway's own version (its package's). */
  version: z.string().max(64).regex(SEMVER, 'must be a semantic version'),
  /** Seconds since the gateway started. */
  uptimeSeconds: z.number().int().min(0),
  board: z.object({
    /** False while the board does not answer at all. */
    reachable: z.boolean(),
    /** As the board's object model says (`boards[0].firmwareName` and `firmwareVersion`, DSF's `sbc.dsf.version`). */
    firmware: z.object({ name: boardText, version: boardText, dsfVersion: boardText.nullable() }).nullable(),
    /** The median time the board took to answer the gateway's recent small requests, in milliseconds. */
    latencyMs: z.number().min(0).max(600_000).nullable(),
  }),
});
export type GatewayReport = z.infer<typeof gatewayReportSchema>;

/** A report line longer than this is no report: the reader stops there. */
export const MAX_REPORT_BYTES = 4096;

/** One report as the gateway writes it on the stream. */
export const reportLine = (report: GatewayReport): string => `${JSON.stringify(report)}\n`;

/** What one line of the stream held: a valid report, or why it is not one. */
export type ReportReading = { ok: true; report: GatewayReport } | { ok: false; reason: string };

function readLine(line: string): ReportReading {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, reason: 'a report line is not JSON' };
  }
  const parsed = gatewayReportSchema.safeParse(value);
  if (parsed.success) return { ok: true, report: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: `report field ${issue?.path.join('.') || '(root)'}: ${issue?.message}` };
}

/**
 * The reports of a REPORTS_PATH answer, line by line, as they arrive. A line over MAX_REPORT_BYTES ends the
 * reading with a last `ok: false`: the caller closes the stream.
 */
export async function* readReports(stream: Readable): AsyncGenerator<ReportReading> {
  const tooLong: ReportReading = {
    ok: false,
    reason: `a report line is longer than ${MAX_REPORT_BYTES} bytes`,
  };
  let pending = '';
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending += chunk.toString('utf8');
    for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n')) {
      if (newline > MAX_REPORT_BYTES) break;
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line) yield readLine(line);
    }
    if (pending.length > MAX_REPORT_BYTES) {
      yield tooLong;
      return;
    }
  }
}
