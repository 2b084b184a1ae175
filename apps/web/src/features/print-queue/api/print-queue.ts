import {
  type MachineQueue,
  machineQueueSchema,
  type PrintQueue,
  printQueueSchema,
  type QueueHistoryPage,
  type QueueJobBody,
  type QueueJobHistory,
  type QueueSettings,
  queueHistoryPageSchema,
  queueJobHistorySchema,
  queueJobSchema,
  queueRunSchema,
  queueSettingsSchema,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { printQueueKeys, useQueueMutation } from './queue-mutation';
import { useQueueRefreshInterval } from './queue-refresh';

export const getPrintQueueQueryOptions = (business: number) =>
  queryOptions({
    queryKey: printQueueKeys.business(business),
    queryFn: ({ signal }): Promise<PrintQueue> =>
      answer(
        api.GET('/api/v1/business/{id}/print-queue', { params: { path: { id: business } }, signal }),
        printQueueSchema,
      ),
  });

/** A business's waiting and printing jobs and its machines, read again while shown. */
export const usePrintQueue = (business: number) =>
  useQuery({ ...getPrintQueueQueryOptions(business), refetchInterval: useQueueRefreshInterval() });

/** A page of the business's ended jobs, the newest end first, read again while shown. */
export const useQueueHistory = (business: number, page: number) =>
  useQuery({
    queryKey: printQueueKeys.ended(business, page),
    queryFn: ({ signal }): Promise<QueueHistoryPage> =>
      answer(
        api.GET('/api/v1/business/{id}/print-queue/history', {
          params: { path: { id: business }, query: { page } },
          signal,
        }),
        queueHistoryPageSchema,
      ),
    refetchInterval: useQueueRefreshInterval(),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });

/**
 * A machine's readiness and the jobs that may start on it, read again while shown. A side part of the machine's
 * page, which works without it: no error toast every few seconds while it cannot be read.
 */
export const useMachineQueue = (machineGroup: number) =>
  useQuery({
    queryKey: printQueueKeys.machine(machineGroup),
    queryFn: ({ signal }): Promise<MachineQueue> =>
      answer(
        api.GET('/api/v1/machinegroup/{id}/print-queue', { params: { path: { id: machineGroup } }, signal }),
        machineQueueSchema,
      ),
    refetchInterval: useQueueRefreshInterval(),
    meta: { silent: true },
  });

/** A job's history: each run with its machine, state and who started it. */
export const useJobHistory = (job: number) =>
  useQuery({
    queryKey: printQueueKeys.history(job),
    queryFn: ({ signal }): Promise<QueueJobHistory> =>
      answer(
        api.GET('/api/v1/print-queue/jobs/{id}', { params: { path: { id: job } }, signal }),
        queueJobHistorySchema,
      ),
    refetchInterval: useQueueRefreshInterval(),
  });

export const useAddQueueJob = (business: number) =>
  useQueueMutation((body: QueueJobBody) =>
    answer(
      api.POST('/api/v1/business/{id}/print-queue/jobs', { params: { path: { id: business } }, body }),
      queueJobSchema,
    ),
  );

export const useQueueSettings = (business: number) =>
  useQueueMutation((body: QueueSettings) =>
    answer(
      api.PUT('/api/v1/business/{id}/print-queue/settings', { params: { path: { id: business } }, body }),
      queueSettingsSchema,
    ),
  );

export const useMoveJob = () =>
  useQueueMutation(({ job, position }: { job: number; position: number }) =>
    answer(
      api.PUT('/api/v1/print-queue/jobs/{id}/position', {
        params: { path: { id: job } },
        body: { position },
      }),
      queueJobSchema,
    ),
  );

export const useSetCopies = () =>
  useQueueMutation(({ job, copies }: { job: number; copies: number }) =>
    answer(
      api.PUT('/api/v1/print-queue/jobs/{id}/copies', { params: { path: { id: job } }, body: { copies } }),
      queueJobSchema,
    ),
  );

export const useCancelJob = () =>
  useQueueMutation((job: number) =>
    answer(
      api.POST('/api/v1/print-queue/jobs/{id}/cancel', { params: { path: { id: job } } }),
      queueJobSchema,
    ),
  );

export const useStartJob = () =>
  useQueueMutation(({ job, machineGroup }: { job: number; machineGroup: number }) =>
    answer(
      api.POST('/api/v1/print-queue/jobs/{id}/start', {
        params: { path: { id: job } },
        body: { machineGroup },
      }),
      queueRunSchema,
    ),
  );

export const useCancelRun = () =>
  useQueueMutation((run: number) =>
    answer(
      api.POST('/api/v1/print-queue/runs/{id}/cancel', { params: { path: { id: run } } }),
      queueRunSchema,
    ),
  );
