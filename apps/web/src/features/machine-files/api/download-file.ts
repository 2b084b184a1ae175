import { downloadTicketSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import type { BoardTarget } from './board-target';

/** A one-minute same-origin link that answers the file as an attachment. */
export const getDownloadLink = (target: BoardTarget, name: string) =>
  answer(
    api.POST('/api/v1/machines/{id}/download', {
      params: { path: { id: target.controllerId } },
      body: { path: target.path, name },
    }),
    downloadTicketSchema,
  );

/**
 * Saves a board file: the browser follows the ticket's link and streams the answer to disk itself, so a file of
 * any size never passes through the page's memory (a fetch into a Blob would).
 */
export function useDownloadFile(target: BoardTarget) {
  return useMutation({
    mutationFn: async (name: string) => {
      const { url } = await getDownloadLink(target, name);
      const link = document.createElement('a');
      link.href = url;
      link.download = name.slice(name.lastIndexOf('/') + 1);
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    },
    meta: { silent: true },
  });
}
