import {
  type Language,
  type MachinePathName,
  type PanelTicket,
  type PROXY_FIRMWARE_VALUES,
  panelTicketSchema,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/use-language';

export interface PanelTicketRequest {
  controllerId: number;
  /** 'admin' for administrators, 'customer' for everyone else (docs/product.md §6). */
  path: MachinePathName;
  /** The machine group's firmware as the proxy path writes it. */
  firmware: (typeof PROXY_FIRMWARE_VALUES)[number];
}

/** A one-minute, one-use address of the control panel on the machine origin. */
export const getPanelTicket = (
  { controllerId, path, firmware, language }: PanelTicketRequest & { language: Language },
  signal?: AbortSignal,
): Promise<PanelTicket> =>
  answer(
    api.POST('/api/v1/machines/{id}/panel', {
      params: { path: { id: controllerId } },
      body: { path, firmware, language },
      signal,
    }),
    panelTicketSchema,
  );

/**
 * A ticket works once: it is never cached (gcTime 0), never refetched behind the frame's back, and
 * `reload` (a counter) asks for a fresh one when the frame is reloaded.
 */
export const getPanelTicketQueryOptions = (
  request: PanelTicketRequest & { language: Language },
  reload: number,
) =>
  queryOptions({
    queryKey: [
      'machines',
      request.controllerId,
      'panel-ticket',
      request.path,
      request.firmware,
      request.language,
      reload,
    ],
    queryFn: ({ signal }) => getPanelTicket(request, signal),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // The frame shows every refusal in its place (consent, licence, the board unreachable): no toast besides.
    meta: { silent: true },
  });

/** `enabled` false while the frame is covered: no ticket is asked for a frame that will not open. */
export function usePanelTicket(request: PanelTicketRequest, reload: number, enabled = true) {
  // The frame's own error pages (on the machine origin) speak the page's language.
  const language = useLanguage();
  return useQuery({ ...getPanelTicketQueryOptions({ ...request, language }, reload), enabled });
}
