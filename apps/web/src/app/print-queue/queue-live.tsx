import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMachineStreamNotices } from '../../features/fleet/api/machine-status-stream';
import { printQueueKeys } from '../../features/print-queue/api/queue-mutation';
import { QueueLiveContext } from '../../features/print-queue/api/queue-refresh';

/**
 * Keeps the print queue's screens live through the app's one event stream (docs/design.md §14): a business's
 * queue changed (a copy started or ended on its machine, a job queued…), a machine changed state (what "Start on"
 * and "Bed clear" depend on), or the stream (re)connected and may have missed either: every queue read shown is
 * read again at once. While the stream is open the screens' own polling drops to a rare safety net; while it is
 * not they poll every five seconds (`queue-refresh.ts`).
 */
export function QueueLive({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const live = useMachineStreamNotices(() => {
    void queryClient.invalidateQueries({ queryKey: printQueueKeys.all });
  });
  return <QueueLiveContext value={live}>{children}</QueueLiveContext>;
}
