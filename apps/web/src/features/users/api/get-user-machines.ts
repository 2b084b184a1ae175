import { type MachineGroup, machineGroupSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { userQueryKey } from './get-user';

/** GET /api/v1/users/{id}/machines: the machine groups the user has access to. */
export const getUserMachines = (userId: number, signal?: AbortSignal): Promise<MachineGroup[]> =>
  apiRequest(`/api/v1/users/${userId}/machines`, z.array(machineGroupSchema), { signal });

export const userMachinesQueryKey = (userId: number) => [...userQueryKey(userId), 'machines'] as const;

export const getUserMachinesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userMachinesQueryKey(userId),
    queryFn: ({ signal }) => getUserMachines(userId, signal),
  });

/** A user's machine groups; customers never load them (docs/product.md §6), hence `enabled`. */
export function useUserMachines(userId: number, enabled = true) {
  return useQuery({ ...getUserMachinesQueryOptions(userId), enabled });
}
