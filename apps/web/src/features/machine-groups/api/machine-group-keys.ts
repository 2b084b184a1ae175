import type { machineGroupListQuerySchema } from '@portal/contract';
import type { z } from 'zod';

/** What a machine-group list asks for; the server fills in the rest. */
export type MachineGroupListParams = Partial<z.output<typeof machineGroupListQuerySchema>>;

/** Query keys of the machine-groups feature: lists, one group and its users, all under one prefix. */
export const machineGroupsKey = ['machine-groups'] as const;
export const machineGroupListsKey = [...machineGroupsKey, 'list'] as const;
export const machineGroupListQueryKey = (query: MachineGroupListParams) =>
  [...machineGroupListsKey, query] as const;
export const machineGroupQueryKey = (id: number) => [...machineGroupsKey, id] as const;
export const machineGroupUsersQueryKey = (id: number) => [...machineGroupsKey, id, 'users'] as const;
