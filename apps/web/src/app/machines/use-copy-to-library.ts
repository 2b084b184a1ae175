import { type LibraryFile, type MachineGroup, reachOf } from '@portal/contract';
import { useCopyFromMachine } from '../../features/library/api/library';
import type { BoardTarget } from '../../features/machine-files/api/board-target';
import { useSession } from '../../lib/session-store';

/** Copies one file of the board, then does `then` with the library file it became. */
export type CopyToLibrary = (
  file: { name: string; path: string },
  then: (copied: LibraryFile) => void,
) => void;

/**
 * A file of a machine's board copied into the print library of the machine's business, at its top under its own
 * name (docs/product.md §2), for whatever comes next: a toast leading to the library, the queue's dialog. Staff
 * name the business, everyone else's library is their own. A copy that fails is said by the app's error toast
 * (app/query-client.ts) and nothing follows. Undefined until the machine and its board's way are known.
 */
export function useCopyToLibrary(
  group: MachineGroup | undefined,
  target: BoardTarget | undefined,
): CopyToLibrary | undefined {
  const role = useSession()?.claims.role;
  const copy = useCopyFromMachine();
  if (!group || !target || role === undefined) return undefined;
  return ({ name, path }, then) => {
    // Each copy's own promise: a second copy started meanwhile does not swallow the first one's `then`, as a
    // mutation's per-call callbacks would.
    copy
      .mutateAsync({
        ...(reachOf(role, 'library') === 'all' && { business: group.business }),
        controllerId: target.controllerId,
        path,
        folder: '',
        name,
      })
      .then(then, () => {
        // Already told by the error toast.
      });
  };
}
