import { type MachineGroup, machineGroupSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { answer, api } from '../../../lib/api/client';
import { userQueryKey } from './get-user';

/** The machine groups the user has access to. */
export const getUserMachines = (userId: number, signal?: AbortSignal): Promise<MachineGroup[]> =>
  answer(
    api.GET('/api/v1/users/{id}/machines', { params: { path: { id: userId } }, signal }),
    z.array(machineGroupSchema),
  );

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
