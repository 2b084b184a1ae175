import { type MachineGroupUser, machineGroupUserSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { answer, api } from '../../../lib/api/client';
import { machineGroupUsersQueryKey } from './machine-group-keys';

const machineGroupUsersSchema = z.array(machineGroupUserSchema);

/** Who has access to the group. */
export const getMachineGroupUsers = (id: number, signal?: AbortSignal): Promise<MachineGroupUser[]> =>
  answer(
    api.GET('/api/v1/machinegroup/{id}/users', { params: { path: { id } }, signal }),
    machineGroupUsersSchema,
  );

export const getMachineGroupUsersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: machineGroupUsersQueryKey(id),
    queryFn: ({ signal }) => getMachineGroupUsers(id, signal),
  });

export function useMachineGroupUsers(id: number) {
  return useQuery(getMachineGroupUsersQueryOptions(id));
}
