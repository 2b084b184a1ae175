import {
  type AddressCreateBody,
  addressCreateBodySchema,
  addressSchema,
  type ContactCreateBody,
  contactCreateBodySchema,
  contactSchema,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { userQueryKey } from './get-user';

/**
 * The lists a user owns: the shape of an item, the body that adds one (the add form has validated it with
 * `body`), the calls that list, add and delete, and the toasts.
 */
const kinds = {
  addresses: {
    schema: addressSchema,
    body: addressCreateBodySchema,
    list: (id: number, signal: AbortSignal) =>
      api.GET('/api/v1/users/{id}/addresses', { params: { path: { id } }, signal }),
    add: (id: number, body: unknown) =>
      api.POST('/api/v1/users/{id}/addresses', { params: { path: { id } }, body: body as AddressCreateBody }),
    remove: (id: number, addressId: number) =>
      api.DELETE('/api/v1/users/{id}/addresses/{addressId}', { params: { path: { id, addressId } } }),
    added: 'users.toasts.addressAdded',
    deleted: 'users.toasts.addressDeleted',
  },
  contacts: {
    schema: contactSchema,
    body: contactCreateBodySchema,
    list: (id: number, signal: AbortSignal) =>
      api.GET('/api/v1/users/{id}/contacts', { params: { path: { id } }, signal }),
    add: (id: number, body: unknown) =>
      api.POST('/api/v1/users/{id}/contacts', { params: { path: { id } }, body: body as ContactCreateBody }),
    remove: (id: number, contactId: number) =>
      api.DELETE('/api/v1/users/{id}/contacts/{contactId}', { params: { path: { id, contactId } } }),
    added: 'users.toasts.contactAdded',
    deleted: 'users.toasts.contactDeleted',
  },
} as const;

export type UserRecordKind = keyof typeof kinds;
export type UserRecordOf<Kind extends UserRecordKind> = z.infer<(typeof kinds)[Kind]['schema']>;
/** The schema of the body that adds an item of a kind: the add form validates with it. */
export type UserRecordBodySchema<Kind extends UserRecordKind> = (typeof kinds)[Kind]['body'];

/** The body schema of a kind, for its add form. */
export const userRecordBodySchema = <Kind extends UserRecordKind>(kind: Kind): UserRecordBodySchema<Kind> =>
  kinds[kind].body;

export const userRecordsQueryKey = (kind: UserRecordKind, userId: number) =>
  [...userQueryKey(userId), kind] as const;
export const userRecordsQueryOptions = <Kind extends UserRecordKind>(kind: Kind, userId: number) =>
  queryOptions({
    queryKey: userRecordsQueryKey(kind, userId),
    queryFn: ({ signal }): Promise<UserRecordOf<Kind>[]> =>
      answer(kinds[kind].list(userId, signal), z.array(kinds[kind].schema)) as Promise<UserRecordOf<Kind>[]>,
  });

export function useUserRecords<Kind extends UserRecordKind>(kind: Kind, userId: number) {
  return useQuery(userRecordsQueryOptions(kind, userId));
}

/** Adds an item; the list is read again once the server agrees. */
export function useCreateUserRecord<Kind extends UserRecordKind>(kind: Kind, userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<UserRecordBodySchema<Kind>>) =>
      answer(kinds[kind].add(userId, body), kinds[kind].schema),
    onSuccess: async () => {
      showToast({ type: 'success', body: t(kinds[kind].added) });
      await queryClient.invalidateQueries({ queryKey: userRecordsQueryKey(kind, userId) });
    },
  });
}

/** Deletes an item, after the list's confirm step. */
export function useDeleteUserRecord(kind: UserRecordKind, userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answer(kinds[kind].remove(userId, id), null),
    onSuccess: async () => {
      showToast({ type: 'success', body: t(kinds[kind].deleted) });
      await queryClient.invalidateQueries({ queryKey: userRecordsQueryKey(kind, userId) });
    },
  });
}
