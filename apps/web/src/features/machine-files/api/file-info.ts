import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/proxy-request';
import type { PrintFacts } from '../lib/print-rules';
import { BoardRefusedError, type BoardTarget, boardCallUrl, machineFilesKey } from './board-target';

/**
 * rr_fileinfo's answer (docs/duet-http.md §1.3; DSF's emulation answers alike): unknown times are left out,
 * `err` 1 is a file the board cannot read.
 */
const fileInfoSchema = z.looseObject({
  err: z.number().int().optional(),
  size: z.number().optional(),
  printTime: z.number().nullish(),
  simulatedTime: z.number().nullish(),
  filament: z.array(z.number()).optional(),
});

/** GET …/rr_fileinfo?name=…: what the board reads from a G-code file's slicer comments. */
export async function getFileInfo(
  target: BoardTarget,
  name: string,
  signal?: AbortSignal,
): Promise<PrintFacts> {
  const answer = await apiRequest(boardCallUrl(target, 'rr_fileinfo', { name }), fileInfoSchema, { signal });
  if (answer.err) throw new BoardRefusedError(answer.err);
  return {
    size: answer.size,
    printTime: answer.printTime,
    simulatedTime: answer.simulatedTime,
    filament: answer.filament ?? [],
  };
}

export const fileInfoQueryOptions = (target: BoardTarget, name: string) =>
  queryOptions({
    queryKey: [...machineFilesKey(target.controllerId), target.path, 'info', name],
    queryFn: ({ signal }) => getFileInfo(target, name, signal),
    // The dialog says itself when the information cannot be read (docs/product.md §7: no toast for the proxy).
    retry: false,
    meta: { silent: true },
  });

export const useFileInfo = (target: BoardTarget, name: string) =>
  useQuery(fileInfoQueryOptions(target, name));
