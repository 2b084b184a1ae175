import { type ComputerController, EXCLUDED_CONTROLLER_ID, PAGE_SIZE_MAX } from '@portal/contract';
import type { Choice } from '../../../lib/choices';
import { useController } from './get-controller';
import { useControllers } from './get-controllers';

const choiceOf = (controller: ComputerController): Choice => ({
  id: controller.id,
  label: `${controller.name} (#${controller.id})`,
});

/**
 * The controllers a machine group may use: its current one first, then the unused ones of its business,
 * never the controller with id 1 (docs/product.md §9) unless it is already the current one.
 */
export function controllerChoices(
  unused: readonly ComputerController[],
  current?: ComputerController,
): Choice[] {
  const others = unused.filter(
    (controller) => controller.id !== EXCLUDED_CONTROLLER_ID && controller.id !== current?.id,
  );
  return [...(current ? [current] : []), ...others].map(choiceOf);
}

export interface ControllerChoicesOptions {
  /** The business whose unused controllers are offered; nothing is offered until it is known. */
  business: number | undefined;
  /** The controller the machine group already uses, offered as well. */
  current?: number | undefined;
  enabled?: boolean;
}

/** The controller choices of a machine-group form; undefined until they are loaded. */
export function useControllerChoices({ business, current, enabled = true }: ControllerChoicesOptions) {
  const unused = useControllers(
    { unused: true, business, sort: 'name', pageSize: PAGE_SIZE_MAX },
    { enabled: enabled && business !== undefined },
  );
  const own = useController(enabled ? current : undefined);
  // Another business's list must not stand in while this one loads.
  const fresh = unused.data && !unused.isPlaceholderData;
  if (!fresh || (current !== undefined && !own.data)) return undefined;
  return controllerChoices(unused.data.items, own.data);
}
