import { type Contact, contactSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { userQueryKey } from './get-user';

/** GET /api/v1/users/{id}/contacts. */
export const getContacts = (userId: number, signal?: AbortSignal): Promise<Contact[]> =>
  apiRequest(`/api/v1/users/${userId}/contacts`, z.array(contactSchema), { signal });

export const contactsQueryKey = (userId: number) => [...userQueryKey(userId), 'contacts'] as const;

export const getContactsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: contactsQueryKey(userId),
    queryFn: ({ signal }) => getContacts(userId, signal),
  });

export function useContacts(userId: number) {
  return useQuery(getContactsQueryOptions(userId));
}
