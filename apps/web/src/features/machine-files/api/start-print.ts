import { useMutation } from '@tanstack/react-query';
import { printCommand } from '../lib/print-rules';
import { type BoardTarget, sendBoardCommand } from './board-target';

/**
 * GET …/rr_gcode?gcode=M32 "<path>": starts printing a file (docs/duet-http.md §4.2). The board queues the code
 * and answers at once: `{"err":1}` (a refusal, or no room in its buffer) fails, anything else means it took it.
 */
export const startPrint = (target: BoardTarget, path: string) =>
  sendBoardCommand(target, 'rr_gcode', { gcode: printCommand(path) });

export function useStartPrint(target: BoardTarget) {
  return useMutation({
    mutationFn: (path: string) => startPrint(target, path),
    meta: { silent: true },
  });
}
