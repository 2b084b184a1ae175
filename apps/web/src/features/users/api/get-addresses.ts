import { type Address, addressSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { userQueryKey } from './get-user';

/** GET /api/v1/users/{id}/addresses. */
export const getAddresses = (userId: number, signal?: AbortSignal): Promise<Address[]> =>
  apiRequest(`/api/v1/users/${userId}/addresses`, z.array(addressSchema), { signal });

export const addressesQueryKey = (userId: number) => [...userQueryKey(userId), 'addresses'] as const;

export const getAddressesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: addressesQueryKey(userId),
    queryFn: ({ signal }) => getAddresses(userId, signal),
  });

export function useAddresses(userId: number) {
  return useQuery(getAddressesQueryOptions(userId));
}
