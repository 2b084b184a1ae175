import type { IncomingMessage } from 'node:http';
import type http2 from 'node:http2';
import { constants } from 'node:http2';
import { PassThrough, type Readable } from 'node:stream';
import {
  type BoardRequest,
  changesBoard,
  SESSION_KEY_HEADER,
  serializeBoardTarget,
} from '@portal/duet/protocol';
import { GATEWAY_ANSWER_HEADER, type GatewayAnswer } from '@portal/tunnel';
import { AppError } from '../../shared/app-error.ts';
import {
  HOLDER_ANSWERS,
  type HolderAnswer,
  type TunnelActor,
  type TunnelRegistry,
} from '../gateway/tunnel-registry.ts';
import type { ActiveServiceSession, MachineControl } from '../machine-access/machine-access.service.ts';

/** A proxied request that has no answer within 30 s of being sent is a board that stalled. */
export const PROXY_TIMEOUT_MS = 30_000;

/**
 * Headers of a board's or camera's answer that describe the hop or the device, not the content, or that must
 * never reach the portal: the device's identity (`Server`: RRF, DSF's Kestrel, mjpg-streamer), cookies, and CORS
 * (mjpg-streamer and RRF's `M586 C"*"` send `Access-Control-Allow-Origin: *`, which would let any site read
 * what the portal relays). What describes the content passes: type, length, disposition, encoding (DWC's
 * gzipped files), ETag and Last-Modified (DWC's caching), Cache-Control where the route sets none.
 */
const DROPPED_ANSWER_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'set-cookie',
  'date',
  'server',
  'x-powered-by',
  'alt-svc',
  GATEWAY_ANSWER_HEADER,
]);
const DROPPED_ANSWER_HEADER_PREFIX = 'access-control-';

/** Request headers worth passing to a board: its parser is small (1460-byte head), so only the body's own. */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'content-length'] as const;
/**
 * The client's session key (Duet Web Control's `X-Session-Key`): the gateway tells its clients apart by it and
 * gives each one its own session (docs/design.md §5b). It never reaches the board, which sees the gateway's own.
 */
const SESSION_KEY = SESSION_KEY_HEADER.toLowerCase();

/**
 * Where a relayed request goes: a board request read once where it entered (`@portal/duet/protocol`'s
 * `BoardRequest`, sent as `serializeBoardTarget` writes it), or the path of the webcam's own GET.
 */
export type RelayDestination = { target: 'board'; board: BoardRequest } | { target: 'webcam'; path: string };

export type RelayRequest = RelayDestination & RelayDetails;

export interface RelayDetails {
  controllerId: number;
  /**
   * The client's request: its body (uploads) is streamed through, never buffered. None for a request the portal
   * makes by itself (the print queue's automatic start), which sends its own `body` when it has one.
   */
  incoming?: IncomingMessage;
  /**
   * A body to send instead of the client's (one the portal read to check it, built itself, or checks as it
   * streams: an AppError it fails with cancels the stream and is what the relay throws).
   */
  body?: { content: Readable; length: number; contentType?: string };
  /** Ends the wait for the answer's head, e.g. when the client goes away. */
  signal?: AbortSignal;
  /** The user the request is for: an instance holding the tunnel elsewhere authorises them again. */
  actor?: TunnelActor;
  /** The client's address, for the activity record. */
  address?: string;
  /** The activity record, told of the request: a request that changes the board is recorded (docs/design.md §9). */
  activity?: BoardActivity;
  /**
   * Whether the user may change the board, as their access says (consent, docs/design.md §11): without it only a
   * request whose route reads goes (`changesBoard` of the request read at the edge, which knows every route a
   * board answers), a change is refused before it goes; one they may make is recorded with the service session it
   * is made in.
   */
  control?: MachineControl;
  /**
   * How long to wait for the head of the answer once the request is sent whole (PROXY_TIMEOUT_MS unless a test
   * shortens it).
   */
  timeoutMs?: number;
}

/** What the activity record learns of a request about to go to a board. */
export interface BoardRequestFacts {
  controllerId: number;
  /** The request as the board will read it, decided once where it entered. */
  board: BoardRequest;
  actor?: TunnelActor | undefined;
  address?: string | undefined;
  contentType?: string | undefined;
  /** The service session the request is made in, when it is made in one. */
  session?: ActiveServiceSession | null | undefined;
}

/** A request the activity record keeps: it reads the body as it goes by, and is told the board's answer. */
export interface RecordedBoardChange {
  observe(body: Readable): void;
  /** The board's status, or null when no answer came. */
  end(outcome: number | null): void;
}

/**
 * The activity record as the board client sees it: asked about every request before it goes, it tells the changes
 * (undefined for a read, cheaply) and keeps them, starting each entry once its request is on its way.
 */
export interface BoardActivity {
  changeOf(request: BoardRequestFacts): { start(): RecordedBoardChange } | undefined;
}

export interface RelayAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  /** The answer's body; destroying it (the client went away) cancels the tunnel stream. */
  body: Readable;
}

/**
 * Sends one request through a controller's tunnel and waits for the head of the answer. Offline cases
 * become the portal's errors: no tunnel → 502 GATEWAY_OFFLINE; the gateway cannot reach the
 * board → 503 BOARD_OFFLINE; no answer in 30 s → 504 BOARD_TIMEOUT, and the stream is cancelled so the
 * gateway drops the request if it has not sent it yet. A board's own answers (503 included) pass unchanged.
 */
export async function relay(registry: TunnelRegistry, request: RelayRequest): Promise<RelayAnswer> {
  // A webcam is only ever read.
  const method = request.target === 'board' ? request.board.method : 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const headers: Record<string, string> = {};
  // A request without a body describes none, even when it is made while answering one (an OctoPrint upload).
  for (const name of hasBody ? FORWARDED_REQUEST_HEADERS : []) {
    const value = request.incoming?.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const sessionKey = request.incoming?.headers[SESSION_KEY];
  if (typeof sessionKey === 'string') headers[SESSION_KEY] = sessionKey;
  if (request.body) {
    headers['content-length'] = String(request.body.length);
    if (request.body.contentType) headers['content-type'] = request.body.contentType;
  }
  if (
    hasBody &&
    !request.body &&
    headers['content-length'] === undefined &&
    request.incoming?.headers['transfer-encoding']
  ) {
    throw new AppError('BAD_REQUEST', 'Uploads to a machine need a Content-Length');
  }
  const change =
    request.target === 'board'
      ? request.activity?.changeOf({
          controllerId: request.controllerId,
          board: request.board,
          actor: request.actor,
          address: request.address,
          contentType: headers['content-type'],
          session: request.control?.session,
        })
      : undefined;
  if (request.target === 'board' && changesBoard(request.board) && request.control?.allowed === false) {
    throw new AppError('SERVICE_SESSION_REQUIRED');
  }
  // What the board is sent as the request's body: the portal's own, else the client's.
  const upload = hasBody ? (request.body?.content ?? request.incoming) : undefined;
  if (hasBody && !upload)
    throw new Error('A request with a body needs the client request or a body of its own');
  const stream = registry.open(request.controllerId, {
    method,
    target: request.target,
    path: request.target === 'board' ? serializeBoardTarget(request.board) : request.path,
    headers,
    waitMs: request.timeoutMs ?? PROXY_TIMEOUT_MS,
    ...(request.actor && { actor: request.actor }),
  });
  if (!stream) throw new AppError('GATEWAY_OFFLINE');
  stream.on('error', () => undefined); // the outcome is read below; a reset stream must not crash anything
  const recorded = change?.start();
  if (recorded && upload) recorded.observe(upload);
  let bodyFailure: unknown;
  if (request.body) {
    // A body that fails part-way must not reach the board whole: the stream is cancelled, the upload dropped.
    request.body.content.once('error', (error) => {
      bodyFailure = error;
      stream.close(constants.NGHTTP2_CANCEL);
    });
    request.body.content.pipe(stream);
  } else upload?.pipe(stream);

  // The board's time to answer runs from the end of the request, and while the request is being sent, from its
  // last progress: an upload takes as long as the link needs, but one the board stopped reading times out.
  const answerClock = new AbortController();
  let clock: NodeJS.Timeout | undefined;
  const restartClock = () => {
    clearTimeout(clock);
    clock = setTimeout(() => answerClock.abort(), request.timeoutMs ?? PROXY_TIMEOUT_MS);
  };
  restartClock();
  if (upload) {
    upload.on('data', restartClock);
    stream.once('finish', restartClock);
  }
  const timeout = answerClock.signal;
  let head: AnswerHead;
  try {
    head = await answerHeadOf(stream, timeout, request.signal);
  } catch (error) {
    clearTimeout(clock);
    stream.close(constants.NGHTTP2_CANCEL);
    recorded?.end(null);
    if (bodyFailure instanceof AppError) throw bodyFailure;
    if (timeout.aborted) throw new AppError('BOARD_TIMEOUT');
    if (request.signal?.aborted) throw new AppError('BAD_REQUEST', 'The client went away');
    // The stream failed before any answer: the tunnel broke under it.
    throw error instanceof AppError ? error : new AppError('GATEWAY_OFFLINE');
  }
  clearTimeout(clock);
  const status = head[':status'] ?? 502;
  const gatewayAnswer = head[GATEWAY_ANSWER_HEADER] as GatewayAnswer | HolderAnswer | undefined;
  // The gateway's (or the holder's) own answer: the request never reached the board.
  recorded?.end(gatewayAnswer ? null : status);
  if (gatewayAnswer) {
    stream.close(constants.NGHTTP2_CANCEL);
    throw gatewayError(gatewayAnswer);
  }
  return { status, headers: answerHeaders(head), body: passedThrough(stream) };
}

/**
 * The answer's body as an ordinary stream: Node's HTTP/2 stream reports `closed` as soon as both ends have sent
 * END_STREAM, which stream utilities (Fastify's included) read as "closed before its end". Piped by hand rather
 * than with `pipeline`, whose end-of-stream bookkeeping builds an error and an abort signal for every answer (a
 * few percent of the portal's CPU per proxied request, docs/benchmarks.md), with what `pipeline` did: a tunnel
 * stream that closes before its end breaks the body, and a body destroyed (its client went away) cancels the
 * tunnel stream.
 */
function passedThrough(stream: http2.ClientHttp2Stream): PassThrough {
  const body = new PassThrough();
  stream.pipe(body);
  stream.once('close', () => {
    if (!stream.readableEnded)
      body.destroy(new Error('The tunnel stream closed before the end of the answer'));
  });
  body.once('close', () => {
    if (stream.readableEnded) return;
    stream.close(constants.NGHTTP2_CANCEL);
    // What it still holds is dropped, so that it can end and be freed.
    stream.resume();
  });
  return body;
}

export type AnswerHead = http2.IncomingHttpHeaders & http2.IncomingHttpStatusHeader;

/**
 * The head of the answer on a tunnel stream. A stream that closes before it (its tunnel broke: HTTP/2 ends the open
 * streams of a destroyed session without an error) rejects at once rather than when a signal gives up; so does the
 * first of `signals` to abort, and a stream error. Listeners rather than `AbortSignal.any` and `events.once`: a composite signal per
 * proxied request costs the portal garbage-collection time (docs/benchmarks.md, `bench:tunnel`).
 */
export function answerHeadOf(
  stream: http2.ClientHttp2Stream,
  ...signals: (AbortSignal | undefined)[]
): Promise<AnswerHead> {
  const watched = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  return new Promise<AnswerHead>((resolve, reject) => {
    const settle = () => {
      stream.off('response', onResponse);
      stream.off('close', onClose);
      stream.off('error', onError);
      for (const signal of watched) signal.removeEventListener('abort', onAbort);
    };
    const onResponse = (head: AnswerHead) => {
      settle();
      resolve(head);
    };
    const onClose = () => {
      settle();
      reject(new Error('The tunnel stream closed before its answer'));
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    function onAbort(this: AbortSignal) {
      settle();
      reject(this.reason);
    }
    const aborted = watched.find((signal) => signal.aborted);
    if (aborted) {
      reject(aborted.reason);
      return;
    }
    stream.once('response', onResponse);
    stream.once('close', onClose);
    stream.once('error', onError);
    for (const signal of watched) signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The portal's error for an answer of the gateway's (or the holder's) own, marked with GATEWAY_ANSWER_HEADER. */
export function gatewayError(answer: GatewayAnswer | HolderAnswer): AppError {
  switch (answer) {
    case HOLDER_ANSWERS.tunnelLeft:
      return new AppError('GATEWAY_OFFLINE');
    case HOLDER_ANSWERS.refused:
      return new AppError('FORBIDDEN', 'This machine can no longer be reached with these credentials');
    case 'board-unreachable':
      return new AppError('BOARD_OFFLINE');
    case 'board-timeout':
    case 'deadline-passed':
      return new AppError('BOARD_TIMEOUT');
    case 'no-webcam':
      return new AppError('NOT_FOUND', 'This machine has no webcam');
    case 'bad-request':
      return new AppError('BAD_REQUEST', 'The board cannot take this request');
    case 'gateway-busy':
      return new AppError('SERVER_BUSY', 'The gateway is busy; try again shortly');
    case 'upgrade-refused':
      return new AppError('BOARD_OFFLINE', 'The board refused the WebSocket');
  }
}

function answerHeaders(head: http2.IncomingHttpHeaders): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(head)) {
    if (name.startsWith(':') || value === undefined || DROPPED_ANSWER_HEADERS.has(name)) continue;
    if (name.startsWith(DROPPED_ANSWER_HEADER_PREFIX)) continue;
    headers[name] = value;
  }
  return headers;
}
