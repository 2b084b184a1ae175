import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { idParamSchema } from './ids.ts';

/** The firmware segment of proxy paths: the machine group's firmware (docs/product.md §9), 0 = unknown. */
export const PROXY_FIRMWARE_VALUES = ['0', '3.4', '3.5', '3.6'] as const;
export const proxyFirmwareSchema = z.enum(PROXY_FIRMWARE_VALUES);

/** `customer` needs access to the machine group and a valid licence; `admin` is for administrators only. */
export const machinePathSchema = z.enum(['customer', 'admin']);
export type MachinePathName = z.infer<typeof machinePathSchema>;

/** `/proxy/duet/{firmware}/{path}/{id}/…`: `{id}` is the computer controller's id (docs/design.md §5). */
export const proxyParamsSchema = z.object({
  firmware: proxyFirmwareSchema,
  path: machinePathSchema,
  id: idParamSchema,
  '*': z.string(),
});

/** Asking for the control-panel frame of a machine: a ticket the machine origin trades for its cookie. */
export const panelTicketBodySchema = z.object({
  path: machinePathSchema,
  firmware: proxyFirmwareSchema,
  /** The page's language, for the frame's own error pages on the machine origin. */
  language: z.enum(LANGUAGES).optional(),
});

export const panelTicketSchema = z.object({
  /** The frame's source on the machine origin, ticket included; it works once, for a minute. */
  url: z.url(),
  /** Milliseconds since the epoch. */
  expiresAt: z.number().int(),
});
export type PanelTicket = z.infer<typeof panelTicketSchema>;

/**
 * Where a machine's webcam streams (GET /api/v1/machines/{id}/webcam): on the machine origin, without the
 * webcam token, which the page adds (and renews) itself.
 */
export const webcamStreamSchema = z.object({
  /** `{machine origin}/proxy/webcam/{id}/?action=stream`; the page appends `token={video_token}`. */
  url: z.url(),
});
export type WebcamStream = z.infer<typeof webcamStreamSchema>;

/** Builds the proxy path of a machine's board: the frame source and the SPA's own calls use it. */
export const boardProxyPath = (firmware: string, path: MachinePathName, controllerId: number, rest = '') =>
  `/proxy/duet/${firmware}/${path}/${controllerId}/${rest}`;

/** Longest board file path a download ticket names (RRF's own limit is shorter; this only bounds the ticket). */
export const BOARD_FILE_PATH_MAX = 255;

/**
 * Asking to download one board file: the browser saves it through a plain same-origin link (it cannot add a
 * bearer header to one), so the portal hands a one-minute ticket naming the machine, the path and the file.
 */
export const downloadTicketBodySchema = z.object({
  path: machinePathSchema,
  /** The board path of the file, e.g. `0:/gcodes/cube.gcode`. */
  name: z.string().min(1).max(BOARD_FILE_PATH_MAX),
});
export type DownloadTicketBody = z.infer<typeof downloadTicketBodySchema>;

export const downloadTicketSchema = z.object({
  /** A same-origin path that answers the file as an attachment; it works for a minute. */
  url: z.string(),
  /** Milliseconds since the epoch. */
  expiresAt: z.number().int(),
});
export type DownloadTicket = z.infer<typeof downloadTicketSchema>;

export const downloadQuerySchema = z.object({ ticket: z.string().min(1).max(4096) });
