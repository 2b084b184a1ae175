import {
  type ComputerController,
  controllerPageSchema,
  EXCLUDED_CONTROLLER_ID,
  PAGE_SIZE_MAX,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';

/** Controller queries start with this key, whichever screen asks, so a change anywhere refreshes them all. */
export const CONTROLLERS_KEY = ['controllers'] as const;

/**
 * The controllers a licence of `business` can be activated on: that business's controllers, by name,
 * without the one docs/product.md §9 keeps out of every computer choice.
 */
export async function getControllerChoices(
  business: number,
  signal?: AbortSignal,
): Promise<ComputerController[]> {
  const query = { business, pageSize: PAGE_SIZE_MAX, sort: 'name', order: 'asc' } as const;
  const page = await answer(
    api.GET('/api/v1/controller/computer', { params: { query }, signal }),
    controllerPageSchema,
  );
  return page.items.filter((controller) => controller.id !== EXCLUDED_CONTROLLER_ID);
}

export const controllerChoicesQueryKey = (business: number) =>
  [...CONTROLLERS_KEY, 'licence-choices', business] as const;

export const getControllerChoicesQueryOptions = (business: number) =>
  queryOptions({
    queryKey: controllerChoicesQueryKey(business),
    queryFn: ({ signal }) => getControllerChoices(business, signal),
  });

export function useControllerChoices(business: number) {
  return useQuery(getControllerChoicesQueryOptions(business));
}
