import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BoardTarget, machineFilesKey, sendBoardCommand } from './board-target';

/** GET …/rr_move?old=…&new=…: renames or moves a board file; `replace` overwrites what `to` names. */
export const moveFile = (target: BoardTarget, from: string, to: string, { replace = false } = {}) =>
  sendBoardCommand(target, 'rr_move', {
    old: from,
    new: to,
    ...(replace && { deleteexisting: 'yes' }),
  });

/** A rename from the file browser; the listing reloads after it. */
export function useRenameFile(target: BoardTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) => moveFile(target, from, to),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: machineFilesKey(target.controllerId) }),
  });
}
