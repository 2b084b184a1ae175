import type { ComputerController, MachineGroup } from '@portal/contract';
import { useParams } from 'react-router';
import { useController } from '../../features/controllers/api/get-controller';
import { useMachineGroup } from '../../features/machine-groups/api/get-machine-group';
import { parseId } from '../../lib/route-params';

/** What the screens under /machines/{id} load first (docs/product.md §2). */
export type MachineContext =
  /** No usable id, or the group or its controller could not be loaded: the screen goes to /dashboard. */
  | { status: 'missing' }
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
  if (id === null || group.isError || controller.isError) return { status: 'missing' };
  if (!group.data || !controller.data) return { status: 'loading', group: group.data };
  return { status: 'ready', group: group.data, controller: controller.data };
}
