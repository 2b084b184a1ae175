import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { shouldRefreshOnVisible, VISIBILITY_DEBOUNCE_MS } from '../lib/card-rules';
import { machineStatusesQueryKey } from './fleet-keys';

/**
 * Calls for the statuses when the tab becomes visible again with an old update (docs/product.md
 * §4). Visibility changes are debounced by a second, so flicking through tabs calls nothing.
 */
export function useVisibilityRefresh(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      if (document.visibilityState !== 'visible') return;
      const updatedAt = client.getQueryState(machineStatusesQueryKey)?.dataUpdatedAt || null;
      if (shouldRefreshOnVisible(updatedAt, Date.now())) {
        void client.refetchQueries({ queryKey: machineStatusesQueryKey, type: 'active' });
      }
    };
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, VISIBILITY_DEBOUNCE_MS);
    };
    document.addEventListener('visibilitychange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onChange);
    };
  }, [client]);
}
