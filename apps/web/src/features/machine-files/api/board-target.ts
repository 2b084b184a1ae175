import { boardProxyPath, type MachinePathName } from '@portal/contract';
import { z } from 'zod';
import { apiRequest, type RequestOptions } from '../../../lib/proxy-request';

/** Which board the file browser talks to, and by which proxy path (docs/product.md §6: admin or customer). */
export interface BoardTarget {
  controllerId: number;
  /** The machine group's firmware as the proxy path spells it. */
  firmware: string;
  path: MachinePathName;
}

/** A board's refusal: HTTP 200 with `{"err":N}` (docs/duet-http.md §6), N ≥ 1. */
export class BoardRefusedError extends Error {
  readonly err: number;

  constructor(err: number) {
    super(`The board answered err ${err}`);
    this.name = 'BoardRefusedError';
    this.err = err;
  }
}

/** A board that took a G-code but replied with an error (`Error: File … not found`): its own words. */
export class BoardReplyError extends Error {
  readonly reply: string;

  constructor(reply: string) {
    super(reply);
    this.name = 'BoardReplyError';
    this.reply = reply;
  }
}

/** The portal-origin proxy URL of one rr_ call; URLSearchParams escapes, the portal reads it as the board will. */
export const boardCallUrl = (target: BoardTarget, call: string, params: Record<string, string>) =>
  boardProxyPath(target.firmware, target.path, target.controllerId, `${call}?${new URLSearchParams(params)}`);

const commandAnswerSchema = z.looseObject({ err: z.number().int().optional() });

/** An rr_ call answered by `{"err":0|N}` (move, delete…): resolves on 0, throws BoardRefusedError otherwise. */
export async function sendBoardCommand(
  target: BoardTarget,
  call: string,
  params: Record<string, string>,
  options: RequestOptions = {},
): Promise<void> {
  const answer = await apiRequest(boardCallUrl(target, call, params), commandAnswerSchema, options);
  if (answer.err) throw new BoardRefusedError(answer.err);
}

/** The query key of everything the file browser reads from one machine. */
export const machineFilesKey = (controllerId: number) => ['machine-files', controllerId] as const;
