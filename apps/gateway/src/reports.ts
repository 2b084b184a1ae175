import type http2 from 'node:http2';
import { type GatewayReport, reportLine } from '@portal/tunnel';

/** Where the gateway's reports come from. */
export interface ReportSource {
  /** The report as of now. */
  read(): GatewayReport;
  /** Calls `listener` when something worth an early report changed (the board's firmware); returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/**
 * Answers the portal's REPORTS_PATH stream (docs/design.md §5c): one JSON line at once, then one every `intervalMs`
 * and one at each change, for as long as the portal keeps the stream (the tunnel's life).
 */
export function answerReports(
  stream: http2.ServerHttp2Stream,
  source: ReportSource,
  intervalMs: number,
): void {
  stream.respond({ ':status': 200, 'content-type': 'application/x-ndjson' });
  const send = () => {
    if (!stream.destroyed && stream.writable) stream.write(reportLine(source.read()));
  };
  send();
  const timer = setInterval(send, intervalMs);
  timer.unref();
  const unsubscribe = source.onChange(send);
  stream.once('close', () => {
    clearInterval(timer);
    unsubscribe();
  });
}
