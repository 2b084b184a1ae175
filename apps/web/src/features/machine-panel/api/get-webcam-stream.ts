import { type WebcamStream, webcamStreamSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/machines/{id}/webcam: where the machine's webcam streams (the token is added by the page). */
export const getWebcamStream = (controllerId: number, signal?: AbortSignal): Promise<WebcamStream> =>
  apiRequest(`/api/v1/machines/${controllerId}/webcam`, webcamStreamSchema, { signal });

export const getWebcamStreamQueryOptions = (controllerId: number) =>
  queryOptions({
    queryKey: ['machines', controllerId, 'webcam'],
    queryFn: ({ signal }) => getWebcamStream(controllerId, signal),
    // The address only changes with the server's configuration.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useWebcamStream(controllerId: number) {
  return useQuery(getWebcamStreamQueryOptions(controllerId));
}
