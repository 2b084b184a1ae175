import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { sessionEndReasonOf } from '../../../lib/session-end';
import { backupName } from '../lib/board-date';
import { type BoardTarget, machineFilesKey } from './board-target';
import { moveFile } from './move-file';
import { uploadFile } from './upload-file';

/** One file of an upload batch, as its progress bar shows it. */
export interface UploadItem {
  name: string;
  loaded: number;
  total: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: unknown;
}

export interface UploadBatch {
  files: readonly File[];
  /** The board folder the files go into, e.g. `0:/gcodes`. */
  folder: string;
  /** Names already in that folder: those are first kept as `name.bck`. */
  existing: ReadonlySet<string>;
}

/**
 * Uploads files one after the other into a folder (a board serves only a few requests at once), keeping an
 * existing file of the same name as `name.bck` first (docs/design.md §3), then reloads the listing. Each file
 * reports its own progress and outcome; a failed file does not stop the others.
 */
export function useUploadFiles(target: BoardTarget) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const update = (index: number, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item, at) => (at === index ? { ...item, ...change } : item)));

  const mutation = useMutation({
    mutationFn: async ({ files, folder, existing }: UploadBatch) => {
      setItems(files.map((file) => ({ name: file.name, loaded: 0, total: file.size, state: 'waiting' })));
      for (const [index, file] of files.entries()) {
        const path = `${folder.replace(/\/$/, '')}/${file.name}`;
        update(index, { state: 'uploading' });
        try {
          if (existing.has(file.name)) await moveFile(target, path, backupName(path), { replace: true });
          await uploadFile(target, path, file, ({ loaded, total }) => update(index, { loaded, total }));
          update(index, { state: 'done' });
        } catch (error) {
          // An ended session ends the batch too (the global handler logs out); other failures stay on their file.
          if (sessionEndReasonOf(error, false)) throw error;
          update(index, { state: 'failed', error });
        }
      }
    },
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: machineFilesKey(target.controllerId) }),
  });
  return { upload: mutation.mutate, isUploading: mutation.isPending, items };
}
