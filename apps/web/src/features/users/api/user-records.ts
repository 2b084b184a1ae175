import {
  addressCreateBodySchema,
  addressSchema,
  contactCreateBodySchema,
  contactSchema,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { userQueryKey } from './get-user';

/**
 * The lists a user owns, each served as /api/v1/users/{id}/{kind}: the shape of an item, the body that adds
 * one, and the toasts.
 */
const kinds = {
  addresses: {
    schema: addressSchema,
    body: addressCreateBodySchema,
    added: 'users.toasts.addressAdded',
    deleted: 'users.toasts.addressDeleted',
  },
  contacts: {
    schema: contactSchema,
    body: contactCreateBodySchema,
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

const pathOf = (kind: UserRecordKind, userId: number) => `/api/v1/users/${userId}/${kind}`;

export const userRecordsQueryKey = (kind: UserRecordKind, userId: number) =>
  [...userQueryKey(userId), kind] as const;

/** GET /api/v1/users/{id}/{kind}. */
export const userRecordsQueryOptions = <Kind extends UserRecordKind>(kind: Kind, userId: number) =>
  queryOptions({
    queryKey: userRecordsQueryKey(kind, userId),
    queryFn: ({ signal }): Promise<UserRecordOf<Kind>[]> =>
      apiRequest(pathOf(kind, userId), z.array(kinds[kind].schema), { signal }) as Promise<
        UserRecordOf<Kind>[]
      >,
  });

export function useUserRecords<Kind extends UserRecordKind>(kind: Kind, userId: number) {
  return useQuery(userRecordsQueryOptions(kind, userId));
}

/** POST /api/v1/users/{id}/{kind}; the list is read again once the server agrees. */
export function useCreateUserRecord<Kind extends UserRecordKind>(kind: Kind, userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<UserRecordBodySchema<Kind>>) =>
      apiRequest(pathOf(kind, userId), kinds[kind].schema, { method: 'POST', body }),
    onSuccess: async () => {
      showToast({ type: 'success', body: t(kinds[kind].added) });
      await queryClient.invalidateQueries({ queryKey: userRecordsQueryKey(kind, userId) });
    },
  });
}

/** DELETE /api/v1/users/{id}/{kind}/{itemId}, after the list's confirm step. */
export function useDeleteUserRecord(kind: UserRecordKind, userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${pathOf(kind, userId)}/${id}`, null, { method: 'DELETE' }),
    onSuccess: async () => {
      showToast({ type: 'success', body: t(kinds[kind].deleted) });
      await queryClient.invalidateQueries({ queryKey: userRecordsQueryKey(kind, userId) });
    },
  });
}
