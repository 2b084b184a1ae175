import { useCatalog } from '../../features/catalog/api/get-catalog';
import { useNamedChoices } from '../hardware/named-choices';

/** The machine types' names, for the queue's targets (a feature does not read another feature's catalogue). */
export function useMachineTypeNames(): (id: number) => string | undefined {
  return useNamedChoices(useCatalog('machines').data).nameOf;
}
