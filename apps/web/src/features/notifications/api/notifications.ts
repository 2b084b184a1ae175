import {
  type NotificationList,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  notificationListSchema,
  notificationPreferencesSchema,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';

/** How often the bell asks again while a page is open. */
const BELL_REFRESH_MS = 30_000;

export const notificationsQueryKey = ['notifications'] as const;
const preferencesQueryKey = [...notificationsQueryKey, 'preferences'] as const;

export const getNotifications = (signal?: AbortSignal): Promise<NotificationList> =>
  answer(api.GET('/api/v1/notifications', { signal }), notificationListSchema);

/** The bell's items and unread count, asked again every half minute and when the window gets focus. */
export function useNotifications() {
  return useQuery(
    queryOptions({
      queryKey: [...notificationsQueryKey, 'list'],
      queryFn: ({ signal }) => getNotifications(signal),
      refetchInterval: BELL_REFRESH_MS,
    }),
  );
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answer(api.POST('/api/v1/notifications/{id}/read', { params: { path: { id } } }), null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...notificationsQueryKey, 'list'] }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.POST('/api/v1/notifications/read-all'), null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...notificationsQueryKey, 'list'] }),
  });
}

export const getNotificationPreferences = (signal?: AbortSignal): Promise<NotificationPreferences> =>
  answer(api.GET('/api/v1/notifications/preferences', { signal }), notificationPreferencesSchema);

export function useNotificationPreferences() {
  return useQuery(
    queryOptions({
      queryKey: preferencesQueryKey,
      queryFn: ({ signal }) => getNotificationPreferences(signal),
    }),
  );
}

/** Saves some kinds' channels (and the page's language, for mails); the answer is every kind's. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesBody) =>
      answer(api.PUT('/api/v1/notifications/preferences', { body }), notificationPreferencesSchema),
    onSuccess: (preferences) => queryClient.setQueryData(preferencesQueryKey, preferences),
  });
}
