import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { feedKey } from './get-feed';

/** DELETE /api/v1/feed/{id} (administrators). */
export const deleteFeedItem = (id: number): Promise<void> =>
  apiRequest(`/api/v1/feed/${id}`, null, { method: 'DELETE' });

export function useDeleteFeedItem() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeedItem,
    onSuccess: async () => {
      showToast({ type: 'success', body: t('tickets.feed.toasts.deleted') });
      await queryClient.invalidateQueries({ queryKey: feedKey });
    },
  });
}
