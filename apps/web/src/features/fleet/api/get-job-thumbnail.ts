import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { answerBlob, api, asBytes } from '../../../lib/api/client';

/** The running file's thumbnail, as its slicer embedded it. */
export const getJobThumbnailQueryOptions = (controllerId: number, fileName: string) =>
  queryOptions({
    queryKey: ['machines', controllerId, 'job-thumbnail', fileName],
    queryFn: ({ signal }) =>
      answerBlob(
        api.GET('/api/v1/machines/{id}/job/thumbnail', {
          params: { path: { id: controllerId } },
          signal,
          ...asBytes,
        }),
      ),
    // A file's thumbnail does not change while it prints; a missing one is not worth asking again for.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });

/** An address the page can show the job's thumbnail from, while it has one; revoked when no longer shown. */
export function useJobThumbnail(controllerId: number, fileName: string | null): string | undefined {
  const query = useQuery({
    ...getJobThumbnailQueryOptions(controllerId, fileName ?? ''),
    enabled: fileName !== null,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    // 204: the job has no thumbnail (any more).
    if (!query.data?.size || fileName === null) return setUrl(undefined);
    const address = URL.createObjectURL(query.data);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [query.data, fileName]);
  return url;
}
