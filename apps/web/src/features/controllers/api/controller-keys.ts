import type { controllerListQuerySchema } from '@portal/contract';
import type { z } from 'zod';

/** What a controller list asks for; the server fills in the rest. */
export type ControllerListParams = Partial<z.output<typeof controllerListQuerySchema>>;

/** Query keys of the controllers feature: every list sits under `controllerListsKey`, each controller by id. */
export const controllersKey = ['controllers'] as const;
export const controllerListsKey = [...controllersKey, 'list'] as const;
export const controllerListQueryKey = (query: ControllerListParams) =>
  [...controllerListsKey, query] as const;
export const controllerQueryKey = (id: number) => [...controllersKey, id] as const;
