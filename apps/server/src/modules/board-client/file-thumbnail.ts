import {
  encodeBoardQuery,
  fileInfoAnswerSchema,
  readBoardAnswer,
  rrThumbnailAnswerSchema,
} from '@portal/duet/protocol';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { thumbnailOf } from './board-reading.ts';
import { type TunnelGetOptions, type TunnelGetResult, tunnelGet } from './tunnel-get.ts';

/** What asking a board for a file's thumbnail gave. */
export type ThumbnailOutcome =
  | { kind: 'image'; png: Buffer }
  /** The file carries no PNG thumbnail, or the board does not know the file. */
  | { kind: 'none' }
  | { kind: 'gatewayOffline' }
  | { kind: 'boardOffline' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A thumbnail larger than this is no thumbnail; its base64 text bounds the chunks asked for. */
const MAX_THUMBNAIL_BYTES = 512 * 1024;
const MAX_BASE64_LENGTH = Math.ceil(MAX_THUMBNAIL_BYTES / 3) * 4;
const NONE: ThumbnailOutcome = { kind: 'none' };

/** `0:/gcodes/a b.gcode` as DSF's file routes name it: relative to the SD root, each segment encoded. */
const dsfPathOf = (fileName: string) =>
  fileName
    .replace(/^\d+:\//, '')
    .split('/')
    .map(encodeURIComponent)
    .join('/');

/**
 * Reads the largest PNG thumbnail a sliced file carries, the way Duet Web Control does (docs/duet-http.md §1.3,
 * §2.1): RRF's `rr_fileinfo` names where each thumbnail's base64 text lies in the file and `rr_thumbnail` hands it
 * out chunk by chunk; DSF (whose 3.4 has no `rr_` calls) gives the text with the file's info.
 */
export async function readFileThumbnail(
  tunnels: TunnelRegistry,
  controllerId: number,
  fileName: string,
  request: TunnelGetOptions,
): Promise<ThumbnailOutcome> {
  const get = (path: string) => tunnelGet(tunnels, controllerId, path, request);
  const info = await get(`/rr_fileinfo?${encodeBoardQuery({ name: fileName })}`);
  if (info.kind !== 'answer') return missOf(info);
  if (info.status >= 500) return { kind: 'boardOffline' };
  const rrInfo = info.status === 200 ? readBoardAnswer(fileInfoAnswerSchema, info.body) : undefined;
  if (!rrInfo) {
    // No rr_ answer (DSF 3.4 answers 404, or its web page): DSF's file info carries the text itself.
    const dsf = await get(`/machine/fileinfo/${dsfPathOf(fileName)}?readThumbnailContent=true`);
    if (dsf.kind !== 'answer') return missOf(dsf);
    const thumbnails =
      dsf.status === 200 ? readBoardAnswer(fileInfoAnswerSchema, dsf.body)?.thumbnails : undefined;
    return pngOf(thumbnailOf(thumbnails ?? [])?.data ?? null);
  }
  const thumbnail = thumbnailOf(rrInfo.thumbnails ?? []);
  if (!thumbnail?.offset || !thumbnail.size || thumbnail.size > MAX_BASE64_LENGTH) return NONE;
  let text = '';
  for (let offset = thumbnail.offset; offset !== 0 && text.length < thumbnail.size; ) {
    const chunk = await get(`/rr_thumbnail?${encodeBoardQuery({ name: fileName, offset: String(offset) })}`);
    if (chunk.kind !== 'answer') return missOf(chunk);
    const answer = chunk.status === 200 ? readBoardAnswer(rrThumbnailAnswerSchema, chunk.body) : undefined;
    if (!answer) return NONE;
    text += answer.data;
    offset = answer.next;
  }
  return pngOf(text);
}

const missOf = (result: Exclude<TunnelGetResult, { kind: 'answer' }>): ThumbnailOutcome =>
  result.kind === 'offline' ? { kind: 'gatewayOffline' } : { kind: 'boardOffline' };

/** The image the base64 text holds, if it is a PNG of a thumbnail's size. */
function pngOf(base64: string | null): ThumbnailOutcome {
  if (!base64) return NONE;
  const png = Buffer.from(base64, 'base64');
  if (png.length > MAX_THUMBNAIL_BYTES || !png.subarray(0, 8).equals(PNG_SIGNATURE)) return NONE;
  return { kind: 'image', png };
}
