import { dsfTimeSchema, encodeBoardQuery, readBoardAnswer, rrTimeAnswerSchema } from '@portal/duet/protocol';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { type TunnelGetOptions, type TunnelGetResult, tunnelGet } from './tunnel-get.ts';

/** What reading a file of a board's SD card gave, with the board's clock as it read it. */
export type BoardFileOutcome =
  /** `boardTime`: the object model's `state.time`, the board's local time without zone; null when it has none. */
  | { kind: 'file'; data: Buffer; boardTime: string | null }
  /** The board answered, and has no such file. */
  | { kind: 'missing'; boardTime: string | null }
  | { kind: 'gatewayOffline' }
  | { kind: 'boardOffline' };

/** `0:/sys/a b.csv` as DSF's file routes name it: relative to the SD root, each segment encoded. */
const dsfPathOf = (fileName: string) =>
  fileName
    .replace(/^\d+:\//, '')
    .split('/')
    .map(encodeURIComponent)
    .join('/');

const missOf = (result: Exclude<TunnelGetResult, { kind: 'answer' }>): BoardFileOutcome =>
  result.kind === 'offline' ? { kind: 'gatewayOffline' } : { kind: 'boardOffline' };

/**
 * Reads a file of the board's SD card as Duet Web Control downloads it (docs/duet-http.md), and the board's clock
 * just before: a standalone board answers `rr_model?key=state.time` and `rr_download`; DSF (whose 3.4 has no `rr_`
 * calls and answers them 404 or with its web page) gives its whole model at `/machine/status` and the file at
 * `/machine/file/…`. Gateway answers of its own (503, 504) read as the board offline.
 */
export async function readBoardFile(
  tunnels: TunnelRegistry,
  controllerId: number,
  fileName: string,
  request: TunnelGetOptions,
): Promise<BoardFileOutcome> {
  const get = (path: string) => tunnelGet(tunnels, controllerId, path, request);
  const time = await get(`/rr_model?${encodeBoardQuery({ key: 'state.time', flags: 'd99v' })}`);
  if (time.kind !== 'answer') return missOf(time);
  if (time.status >= 500) return { kind: 'boardOffline' };
  const rrTime = time.status === 200 ? readBoardAnswer(rrTimeAnswerSchema, time.body) : undefined;
  if (rrTime) {
    const file = await get(`/rr_download?${encodeBoardQuery({ name: fileName })}`);
    return fileOutcome(file, rrTime.result);
  }
  const status = await get('/machine/status');
  if (status.kind !== 'answer') return missOf(status);
  if (status.status !== 200) return { kind: 'boardOffline' };
  const model = readBoardAnswer(dsfTimeSchema, status.body);
  if (!model) return { kind: 'boardOffline' };
  const file = await get(`/machine/file/${dsfPathOf(fileName)}`);
  return fileOutcome(file, model.state.time ?? null);
}

function fileOutcome(result: TunnelGetResult, boardTime: string | null): BoardFileOutcome {
  if (result.kind !== 'answer') return missOf(result);
  if (result.status === 200) return { kind: 'file', data: result.body, boardTime };
  if (result.status === 404) return { kind: 'missing', boardTime };
  return { kind: 'boardOffline' };
}
