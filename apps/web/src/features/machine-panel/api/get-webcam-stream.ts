import { type WebcamStream, webcamStreamSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';

/** Where the machine's webcam streams (the token is added by the page). */
export const getWebcamStream = (controllerId: number, signal?: AbortSignal): Promise<WebcamStream> =>
  answer(
    api.GET('/api/v1/machines/{id}/webcam', { params: { path: { id: controllerId } }, signal }),
    webcamStreamSchema,
  );

export const getWebcamStreamQueryOptions = (controllerId: number) =>
  queryOptions({
    queryKey: ['machines', controllerId, 'webcam'],
    queryFn: ({ signal }) => getWebcamStream(controllerId, signal),
    // The address only changes with the server's configuration.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `silent`: for a glance (a card's snapshot) that simply shows nothing when the webcam is not the viewer's. */
export function useWebcamStream(controllerId: number, { silent = false, enabled = true } = {}) {
  return useQuery({
    ...getWebcamStreamQueryOptions(controllerId),
    enabled,
    ...(silent && { meta: { silent: true } }),
  });
}
