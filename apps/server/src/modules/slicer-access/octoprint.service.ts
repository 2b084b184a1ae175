import { createReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import {
  type BoardRequest,
  RR_ERR,
  readBoardAnswer,
  rrErrAnswerSchema,
  rrKeyAnswerSchemas,
  rrStateAnswerSchema,
} from '@portal/duet/protocol';
import { AppError } from '../../shared/app-error.ts';
import {
  type BoardActivity,
  portalBoardRequest,
  type RelayRequest,
  relay,
} from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { octoPrintJobOf, octoPrintStateOf, octoPrintUploadOf } from './octoprint.mapper.ts';
import { checkSpooledGcode, type SpooledUpload } from './octoprint-upload.ts';
import type { SlicerGrant } from './slicer-access.service.ts';
import { inGcodes } from './slicer-scope.ts';

/** The headers and query of an OctoPrint client's request, where its API key may be. */
export interface OctoPrintCredentials {
  headers: IncomingMessage['headers'];
  query: unknown;
}

/** The API key of an OctoPrint client: `X-Api-Key`, or `Authorization: Bearer`; never a query string. */
export function octoPrintApiKey({ headers, query }: OctoPrintCredentials): string {
  if (query && typeof query === 'object' && Object.hasOwn(query, 'apikey')) {
    throw new AppError('UNAUTHENTICATED', 'The API key is never accepted in a query string; send X-Api-Key');
  }
  const header = headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '');
  if (bearer?.[1]) return bearer[1];
  throw new AppError('UNAUTHENTICATED', 'Send the token as X-Api-Key');
}

/** An OctoPrint form field's yes. */
export const isTrue = (value: string | undefined) => value === 'true' || value === '1' || value === 'yes';

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * What the OctoPrint face of a slicer token does on the board, through the board client: the printer state and
 * job read from the object model, and an upload into 0:/gcodes, started when the client asks to print it.
 */
/** A slicer's request as the board client needs it: its body and headers, and its address for the record. */
export interface SlicerClient {
  incoming: IncomingMessage;
  address: string;
}

export class OctoPrintService {
  readonly #registry: TunnelRegistry;
  readonly #timeoutMs: number;
  readonly #activity: BoardActivity;

  constructor(registry: TunnelRegistry, timeoutMs: number, activity: BoardActivity) {
    this.#registry = registry;
    this.#timeoutMs = timeoutMs;
    this.#activity = activity;
  }

  async state(grant: SlicerGrant, client: SlicerClient) {
    const { body } = await this.#toBoard(grant, client, modelRequest('state'));
    return octoPrintStateOf(readBoardAnswer(rrStateAnswerSchema, body)?.result.status ?? 'idle');
  }

  async job(grant: SlicerGrant, client: SlicerClient) {
    const state = await this.state(grant, client);
    const { body } = await this.#toBoard(grant, client, modelRequest('job'));
    return octoPrintJobOf(readBoardAnswer(rrKeyAnswerSchemas.job, body)?.result, state);
  }

  /**
   * Sends a spooled upload into 0:/gcodes (its `path` field a folder there) and starts it when `print` is true;
   * `resourceBase` is where OctoPrint's answer says the file now lives.
   */
  async upload(grant: SlicerGrant, client: SlicerClient, upload: SpooledUpload, resourceBase: string) {
    const folder = (upload.fields.get('path') ?? '').replace(/^\/+|\/+$/g, '');
    const relative = folder ? `${folder}/${upload.filename}` : upload.filename;
    const target = `0:/gcodes/${relative}`;
    if (upload.filename.includes('/') || !inGcodes(target)) {
      throw new AppError('BAD_REQUEST', 'The file name must stay inside 0:/gcodes');
    }
    // Both requests read, and the file checked whole, before the board hears of it: nothing is stored, nothing
    // started, when a name or a line is refused.
    const store = portalBoardRequest('POST', '/rr_upload', { name: target });
    const start = portalBoardRequest('GET', '/rr_gcode', { gcode: `M32 "${target}"` });
    await checkSpooledGcode(upload);
    const uploaded = await this.#toBoard(grant, client, store, {
      content: createReadStream(upload.file),
      length: upload.size,
      contentType: 'application/octet-stream',
    });
    if (
      uploaded.status !== 200 ||
      (readBoardAnswer(rrErrAnswerSchema, uploaded.body)?.err ?? RR_ERR.done) !== RR_ERR.done
    ) {
      throw new AppError('BAD_REQUEST', 'The board did not take the file');
    }
    const print = isTrue(upload.fields.get('print'));
    if (print) {
      const started = await this.#toBoard(grant, client, start);
      if (started.status !== 200) throw new AppError('BAD_REQUEST', 'The board did not start the print');
    }
    const select = isTrue(upload.fields.get('select'));
    return octoPrintUploadOf({ filename: upload.filename, relative, print, select }, resourceBase);
  }

  /** The token's user goes with the request, for an instance holding the tunnel elsewhere to authorise again. */
  async #toBoard(
    { controllerId, userId, control }: SlicerGrant,
    client: SlicerClient,
    board: BoardRequest,
    body?: RelayRequest['body'],
  ): Promise<{ status: number; body: Buffer }> {
    const answer = await relay(this.#registry, {
      controllerId,
      target: 'board',
      board,
      incoming: client.incoming,
      address: client.address,
      activity: this.#activity,
      control,
      timeoutMs: this.#timeoutMs,
      actor: { userId, path: 'customer' },
      ...(body && { body }),
    });
    return { status: answer.status, body: await bytesOf(answer.body) };
  }
}

/** `rr_model` of one key's live fields, as OctoPrint's status calls read them. */
const modelRequest = (key: 'state' | 'job') =>
  portalBoardRequest('GET', '/rr_model', { key, flags: 'd99fn' });
