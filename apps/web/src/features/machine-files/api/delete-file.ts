import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BoardTarget, machineFilesKey, sendBoardCommand } from './board-target';

/** GET …/rr_delete?name=…: deletes a board file (or an empty folder). */
export const deleteFile = (target: BoardTarget, name: string) =>
  sendBoardCommand(target, 'rr_delete', { name });

export function useDeleteFile(target: BoardTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => deleteFile(target, name),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: machineFilesKey(target.controllerId) }),
  });
}
