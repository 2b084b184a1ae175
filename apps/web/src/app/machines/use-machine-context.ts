import type { ComputerController, MachineGroup } from '@portal/contract';
import { useParams } from 'react-router';
import { useController } from '../../features/controllers/api/get-controller';
import { useMachineGroup } from '../../features/machine-groups/api/get-machine-group';
import { parseId } from '../../lib/route-params';
import { isMissingRecord } from '../routes/record-not-found';

/** What the screens under /machines/{id} load first (docs/product.md §2). */
export type MachineContext =
  /**
   * No usable id (`error` undefined), or the group or its controller could not be loaded (`error` says why): the
   * screen shows the machine's not-found page at its own address, `retry` loads again.
   */
  | { status: 'missing'; error?: unknown; retry: () => void }
  | { status: 'loading'; group: MachineGroup | undefined }
  | { status: 'ready'; group: MachineGroup; controller: ComputerController };

/**
 * The machine group named by the route's `:id` and its computer controller (with its licence). Screens
 * compose the features they show from it; no feature imports another.
 */
export function useMachineContext(): MachineContext {
  const id = parseId(useParams().id);
  const group = useMachineGroup(id ?? undefined);
  const controller = useController(group.data?.computer, { silent: true });
  const retry = () => {
    void group.refetch();
    if (group.data) void controller.refetch();
  };
  if (id === null) return { status: 'missing', retry };
  // A failed reading again in the background keeps the machine on screen, unless it says the machine is gone.
  if (group.isError && (!group.data || isMissingRecord(group.error)))
    return { status: 'missing', error: group.error, retry };
  if (controller.isError && (!controller.data || isMissingRecord(controller.error)))
    return { status: 'missing', error: controller.error, retry };
  if (!group.data || !controller.data) return { status: 'loading', group: group.data };
  return { status: 'ready', group: group.data, controller: controller.data };
}
