import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { feedKey } from './get-feed';

/** Deletes a news item (administrators). */
export const deleteFeedItem = (id: number): Promise<void> =>
  answer(api.DELETE('/api/v1/feed/{id}', { params: { path: { id } } }), null);

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
