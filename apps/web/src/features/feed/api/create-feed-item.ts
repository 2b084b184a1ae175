import { type FeedItem, type FeedItemCreateBody, feedItemSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { feedKey } from './get-feed';

/** Posts a news item (administrators). */
export const createFeedItem = (body: FeedItemCreateBody): Promise<FeedItem> =>
  answer(api.POST('/api/v1/feed', { body }), feedItemSchema);

export function useCreateFeedItem() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeedItem,
    onSuccess: async () => {
      showToast({ type: 'success', body: t('tickets.feed.toasts.created') });
      await queryClient.invalidateQueries({ queryKey: feedKey });
    },
  });
}
