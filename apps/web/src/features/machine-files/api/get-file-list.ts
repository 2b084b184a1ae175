import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/proxy-request';
import type { BoardEntry } from '../lib/file-sort';
import { BoardRefusedError, type BoardTarget, boardCallUrl, machineFilesKey } from './board-target';

/** rr_filelist's answer (docs/duet-http.md §1.3): `next` > 0 asks for another page, `err` is a refusal. */
const fileListSchema = z.object({
  files: z
    .array(
      z.object({
        type: z.enum(['d', 'f']),
        name: z.string(),
        size: z.number(),
        date: z.string().optional(),
      }),
    )
    .default([]),
  next: z.number().int().optional(),
  err: z.number().int().optional(),
});

/** GET …/rr_filelist?dir=…: every entry of a board folder, following the board's pages. */
export async function getFileList(
  target: BoardTarget,
  dir: string,
  signal?: AbortSignal,
): Promise<BoardEntry[]> {
  const entries: BoardEntry[] = [];
  let first = 0;
  for (;;) {
    const params: Record<string, string> = first > 0 ? { dir, first: String(first) } : { dir };
    const answer = await apiRequest(boardCallUrl(target, 'rr_filelist', params), fileListSchema, { signal });
    if (answer.err) throw new BoardRefusedError(answer.err);
    entries.push(...answer.files);
    // A board that does not move forward would loop for ever: take what came.
    if (!answer.next || answer.next <= first) return entries;
    first = answer.next;
  }
}

export const fileListQueryOptions = (target: BoardTarget, dir: string) =>
  queryOptions({
    queryKey: [...machineFilesKey(target.controllerId), target.path, dir],
    queryFn: ({ signal }) => getFileList(target, dir, signal),
    // Files change on the board behind the portal's back (slicers, the panel): always ask again.
    staleTime: 0,
    // The screen shows the failure itself, with a retry (docs/product.md §7: no error toast for the proxy).
    retry: false,
    meta: { silent: true },
  });

export const useFileList = (target: BoardTarget, dir: string) => useQuery(fileListQueryOptions(target, dir));
