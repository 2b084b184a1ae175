import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { type BoardRequest, RR_ERR, readBoardAnswer, rrErrAnswerSchema } from '@portal/duet/protocol';
import { AppError } from '../../shared/app-error.ts';
import {
  type BoardActivity,
  portalBoardRequest,
  type RelayRequest,
  relay,
} from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineReach } from '../machine-access/machine-access.service.ts';

/** Who a queue's request to a board is made for, and the client request it answers, when one does. */
export interface QueueActor {
  userId: number;
  sessionId?: string;
  /** The person's request (start now, mark ready); none when a job queued by someone else starts it. */
  client?: { incoming: IncomingMessage; address: string };
}

/** A library file's bytes, as the library opens them. */
export interface QueueFileContent {
  size: number;
  stream: Readable;
}

/**
 * The board's refusal of a queued file (`fileRefused`) or of starting it (`startRefused`): a 409 to the person's
 * request, and the reason its run failed.
 */
export class BoardRefusal extends AppError {
  readonly reason: 'fileRefused' | 'startRefused';

  constructor(reason: 'fileRefused' | 'startRefused', message: string) {
    super('CONFLICT', message);
    this.name = 'BoardRefusal';
    this.reason = reason;
  }
}

/**
 * The queue's requests to a machine's board, through the board client's `relay` like the OctoPrint face's upload:
 * on the customer path, with the person's control (consent), recorded in the activity record as theirs. Throws the
 * portal's error, a `BoardRefusal` when the board does not take the file or does not start it.
 */
export class QueueBoard {
  readonly #registry: TunnelRegistry;
  readonly #activity: BoardActivity;
  readonly #timeoutMs: number;

  constructor(registry: TunnelRegistry, activity: BoardActivity, timeoutMs: number) {
    this.#registry = registry;
    this.#activity = activity;
    this.#timeoutMs = timeoutMs;
  }

  /** Writes the file to `boardFile` and starts it (`M32`). */
  async print(
    reach: MachineReach,
    actor: QueueActor,
    boardFile: string,
    content: QueueFileContent,
  ): Promise<void> {
    const store = portalBoardRequest('POST', '/rr_upload', { name: boardFile });
    const start = portalBoardRequest('GET', '/rr_gcode', { gcode: `M32 "${boardFile}"` });
    const uploaded = await this.#toBoard(reach, actor, store, {
      content: content.stream,
      length: content.size,
      contentType: 'application/octet-stream',
    });
    if (
      uploaded.status !== 200 ||
      (readBoardAnswer(rrErrAnswerSchema, uploaded.body)?.err ?? RR_ERR.done) !== RR_ERR.done
    ) {
      throw new BoardRefusal('fileRefused', 'The machine did not take the file');
    }
    const started = await this.#toBoard(reach, actor, start);
    if (started.status !== 200) {
      throw new BoardRefusal('startRefused', 'The machine did not start the print');
    }
  }

  /** Cancels the paused print, as the panel's cancel does (`M0`). */
  async cancel(reach: MachineReach, actor: QueueActor): Promise<void> {
    const answer = await this.#toBoard(reach, actor, portalBoardRequest('GET', '/rr_gcode', { gcode: 'M0' }));
    if (answer.status !== 200) throw new AppError('CONFLICT', 'The machine did not cancel the print');
  }

  async #toBoard(
    reach: MachineReach,
    actor: QueueActor,
    board: BoardRequest,
    body?: RelayRequest['body'],
  ): Promise<{ status: number; body: Buffer }> {
    const answer = await relay(this.#registry, {
      controllerId: reach.controllerId,
      target: 'board',
      board,
      activity: this.#activity,
      control: reach.control,
      timeoutMs: this.#timeoutMs,
      actor: {
        userId: actor.userId,
        path: 'customer',
        ...(actor.sessionId !== undefined && { sessionId: actor.sessionId }),
      },
      ...(actor.client && { incoming: actor.client.incoming, address: actor.client.address }),
      ...(body && { body }),
    });
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body) chunks.push(chunk as Buffer);
    return { status: answer.status, body: Buffer.concat(chunks) };
  }
}
