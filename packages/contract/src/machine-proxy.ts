import { z } from 'zod';
import { idParamSchema } from './ids.ts';

/** The firmware segment of proxy paths: the machine group's firmware (specification section 9), 0 = unknown. */
export const PROXY_FIRMWARE_VALUES = ['0', '3.4', '3.5', '3.6'] as const;
export const proxyFirmwareSchema = z.enum(PROXY_FIRMWARE_VALUES);

/** `customer` needs access to the machine group and a valid licence; `admin` is for administrators only. */
export const machinePathSchema = z.enum(['customer', 'admin']);
export type MachinePathName = z.infer<typeof machinePathSchema>;

/** `/proxy/duet/{firmware}/{path}/{id}/…`: `{id}` is the computer controller's id (DESIGN.md §5). */
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
});

export const panelTicketSchema = z.object({
  /** The frame's source on the machine origin, ticket included; it works once, for a minute. */
  url: z.url(),
  /** Milliseconds since the epoch. */
  expiresAt: z.number().int(),
});
export type PanelTicket = z.infer<typeof panelTicketSchema>;

/** Builds the proxy path of a machine's board: the frame source and the SPA's own calls use it. */
export const boardProxyPath = (firmware: string, path: MachinePathName, controllerId: number, rest = '') =>
  `/proxy/duet/${firmware}/${path}/${controllerId}/${rest}`;
