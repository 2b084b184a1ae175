import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast-store';

/*
 * The queue's changes, apart from its reads and their answer checks: the fleet's cards and wall tiles offer
 * "Bed clear" and "Take the mark back" too, and load with the fleet's small shell chunk (docs/benchmarks.md
 * "fleet page").
 */

export const printQueueKeys = {
  all: ['print-queue'] as const,
  business: (business: number) => ['print-queue', 'business', business] as const,
  machine: (machineGroup: number) => ['print-queue', 'machine', machineGroup] as const,
  history: (job: number) => ['print-queue', 'job', job] as const,
  ended: (business: number, page: number) => ['print-queue', 'ended', business, page] as const,
};

/**
 * The queue's 409s say that the queue or the machine changed meanwhile (a machine busy or no longer ready, a job
 * that ended): the queue says so in its own words, more precise than the app's general text for CONFLICT.
 */
const conflictMeta = { fieldErrors: ['CONFLICT'] } as const;
function toastConflict(error: unknown): void {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return;
  showToast({ type: 'danger', header: i18n.t('toast.error'), body: i18n.t('printQueue.errors.conflict') });
}

/** A change of the queue: every queue shown is read again, whether it worked or another change came first. */
export function useQueueMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onError: toastConflict,
    onSettled: () => queryClient.invalidateQueries({ queryKey: printQueueKeys.all }),
    meta: conflictMeta,
  });
}

/**
 * "Bed clear": the machine may start the next copy (at once, when the business starts by itself). Its answer's
 * machine and run are not read: every queue shown is read again, and the fleet's card needs only the success.
 */
export const useMarkReady = () =>
  useQueueMutation((machineGroup: number) =>
    answer(api.PUT('/api/v1/machinegroup/{id}/ready', { params: { path: { id: machineGroup } } }), null),
  );

/** "Take the mark back": the machine is no longer ready. */
export const useUnmarkReady = () =>
  useQueueMutation((machineGroup: number) =>
    answer(api.DELETE('/api/v1/machinegroup/{id}/ready', { params: { path: { id: machineGroup } } }), null),
  );
