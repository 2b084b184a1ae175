import {
  type LibraryCopyFromMachine,
  type LibraryFile,
  type LibraryListing,
  libraryFileSchema,
  libraryListingSchema,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { answer, answerBlob, api, asBytes } from '../../../lib/api/client';
import { ApiError, sessionAuthorization } from '../../../lib/api-client';

/** What the library screen shows: a business's folder, or the files found by name. */
export interface LibraryQuery {
  business?: number | undefined;
  folder: string;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

export const libraryKeys = {
  all: ['library'] as const,
  listing: (query: LibraryQuery) => ['library', 'listing', query] as const,
  /** By the file's content too: a slicer's upload of the same name replaces it, thumbnail and all. */
  thumbnail: (id: number, sha256: string) => ['library', 'thumbnail', id, sha256] as const,
};

export const getLibraryQueryOptions = (query: LibraryQuery) =>
  queryOptions({
    queryKey: libraryKeys.listing(query),
    queryFn: ({ signal }): Promise<LibraryListing> =>
      answer(api.GET('/api/v1/library', { params: { query }, signal }), libraryListingSchema),
    placeholderData: keepPreviousData,
  });

export const useLibrary = (query: LibraryQuery) => useQuery(getLibraryQueryOptions(query));

export interface UploadProgress {
  loaded: number;
  total: number;
}

function parseBody(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POST /api/v1/library/files: the File itself is the body, streamed by the browser from disk; XMLHttpRequest
 * because only it reports upload progress.
 */
export function uploadLibraryFile(
  where: { business?: number | undefined; folder: string },
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<LibraryFile> {
  const query = new URLSearchParams({ folder: where.folder, name: file.name });
  if (where.business !== undefined) query.set('business', String(where.business));
  const authorization = sessionAuthorization();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/library/files?${query}`);
    if (authorization) request.setRequestHeader('Authorization', authorization);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status < 200 || request.status >= 300) return reject(new ApiError(request.status, body));
      onProgress({ loaded: file.size, total: file.size });
      resolve(libraryFileSchema.parse(body));
    };
    request.onerror = () => reject(new TypeError('The upload could not reach the portal'));
    request.send(file);
  });
}

/** An upload with its progress, the listing read again once it is done. */
export function useUploadLibraryFile() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: ({
      where,
      file,
    }: {
      where: { business?: number | undefined; folder: string };
      file: File;
    }) => {
      setProgress({ loaded: 0, total: file.size });
      return uploadLibraryFile(where, file, setProgress);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    // A refused line is said beside the upload, in the library's words (the code's own text is about a machine).
    meta: { fieldErrors: ['ADMIN_PATH_ONLY'] },
  });
  return { ...mutation, progress };
}

/** Copies a file of a machine's board into the library's top folder, under its own name. */
/**
 * A board file copied into the library: the library file it is now, and whether the library had that file already
 * (the same content under its name or a numbered one, answered 200 rather than 201). A copy that found its name
 * taken by another content has a numbered name (`part (2).gcode`).
 */
export interface CopiedFile {
  file: LibraryFile;
  reused: boolean;
}

export function useCopyFromMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LibraryCopyFromMachine): Promise<CopiedFile> => {
      const call = api.POST('/api/v1/library/files/from-machine', { body });
      const file = await answer(call, libraryFileSchema);
      return { file, reused: (await call).response.status === 200 };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { business?: number | undefined; path: string }) =>
      answer(api.POST('/api/v1/library/folders', { body }), null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    meta: { fieldErrors: ['VALIDATION_FAILED', 'CONFLICT'] },
  });
}

export function useDeleteLibraryFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answer(api.DELETE('/api/v1/library/files/{id}', { params: { path: { id } } }), null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: { business?: number | undefined; path: string }) =>
      answer(api.DELETE('/api/v1/library/folders', { params: { query } }), null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    // A folder that is not empty answers 409.
    meta: { deletion: true },
  });
}

/** How long a downloaded file's object URL is kept: enough for the browser to have read it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Downloads a file through the API (it needs the session) and hands it to the browser as a file. */
export async function downloadLibraryFile(file: { id: number; name: string }): Promise<void> {
  const bytes = await answerBlob(
    api.GET('/api/v1/library/files/{id}/content', { params: { path: { id: file.id } }, ...asBytes }),
  );
  const url = URL.createObjectURL(bytes);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

export const useDownloadLibraryFile = () => useMutation({ mutationFn: downloadLibraryFile });

/** An address the page can show a file's thumbnail from, while it is shown; none when the file has none. */
export function useLibraryThumbnail(file: {
  id: number;
  sha256: string;
  thumbnail: boolean;
}): string | undefined {
  const query = useQuery({
    queryKey: libraryKeys.thumbnail(file.id, file.sha256),
    queryFn: ({ signal }) =>
      answerBlob(
        api.GET('/api/v1/library/files/{id}/thumbnail', {
          params: { path: { id: file.id } },
          signal,
          ...asBytes,
        }),
      ),
    enabled: file.thumbnail,
    // A content's thumbnail never changes (a replaced file's new content has a key of its own).
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!query.data?.size) return setUrl(undefined);
    const address = URL.createObjectURL(query.data);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [query.data]);
  return url;
}
