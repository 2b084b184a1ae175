import { type LibraryFile, type MachineGroup, reachOf } from '@portal/contract';
import { useCopyFromMachine } from '../../features/library/api/library';
import type { BoardTarget } from '../../features/machine-files/api/board-target';
import { useSession } from '../../lib/session-store';

/**
 * What a copy did: copied under the file's own name, found the library's file of the same content (`reused`), or
 * copied under a numbered name (`renamed`) since the library's file of that name holds another content.
 */
export type CopyOutcome = 'copied' | 'reused' | 'renamed';

/** Copies one file of the board, then does `then` with the library file it became and what the copy did. */
export type CopyToLibrary = (
  file: { name: string; path: string },
  then: (copied: LibraryFile, outcome: CopyOutcome) => void,
) => void;

/**
 * A file of a machine's board copied into the print library of the machine's business, at its top under its own
 * name (docs/product.md §2), for whatever comes next: a toast leading to the library, the queue's dialog. The
 * library's file of the same content is answered instead of a second one, and a name the library has for another
 * content gives a numbered name. Staff name the business, everyone else's library is their own. A copy that
 * fails is said by the app's error toast (app/query-client.ts) and nothing follows. Undefined until the machine
 * and its board's way are known.
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
      .then(
        ({ file, reused }) => then(file, reused ? 'reused' : file.name === name ? 'copied' : 'renamed'),
        () => {
          // Already told by the error toast.
        },
      );
  };
}
