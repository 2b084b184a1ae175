import type { OutgoingHttpHeaders } from 'node:http';
import { constants, type ServerHttp2Stream } from 'node:http2';
import { GATEWAY_ANSWER_HEADER, type GatewayAnswer } from '@portal/tunnel';
import { AppError } from '../../shared/app-error.ts';
import { answerHeadOf } from '../board-client/board-client.ts';
import { HOLDER_ANSWERS, type TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { framePart, MJPEG_STREAM_HEADERS, MjpegFrameSplitter } from './mjpeg.ts';

/** A viewer whose socket still holds this much unsent video skips frames until it catches up. */
const MAX_VIEWER_BACKLOG_BYTES = 512 * 1024;
/** How long a camera may take to start its stream. */
const UPSTREAM_START_MS = 10_000;
/**
 * Viewers of one camera per user, waiting ones included. A page shows a camera once, so this covers a person
 * with the machine open in several tabs and devices; each viewer costs the portal the camera's whole bandwidth,
 * which one account could otherwise multiply without bound.
 */
export const MAX_VIEWERS_PER_USER = 8;

/**
 * Where a camera's frames go: a browser's answer (Node's ServerResponse is one as it is), or the stream another
 * instance of the deployment opened to feed its own viewers from this one's upstream.
 */
export interface FrameSink {
  writeHead(status: number, headers: OutgoingHttpHeaders): unknown;
  write(chunk: Buffer): boolean;
  readonly writableLength: number;
  readonly destroyed: boolean;
  once(event: 'close', listener: () => void): unknown;
  destroy(): unknown;
}

/** A user's viewers are limited per camera; another instance's feed is one per instance, and not a user's. */
export const ANOTHER_INSTANCE = null;

interface Camera {
  viewers: Set<FrameSink>;
  /** Viewers waiting for the stream to start: they keep it open too. */
  waiting: number;
  /** Viewers and waiting viewers per user. */
  perUser: Map<number | typeof ANOTHER_INSTANCE, number>;
  /** Settles once the camera's stream has started, or failed to. */
  started: Promise<void>;
  latest: Buffer | null;
  close(): void;
}

/**
 * One upstream stream per camera, shared by all its viewers: each frame goes to every viewer whose socket keeps
 * up; a slow viewer loses frames instead of slowing the others or growing the portal's memory. The upstream
 * closes when the last viewer leaves.
 */
export class WebcamHub {
  readonly #registry: TunnelRegistry;
  readonly #cameras = new Map<number, Camera>();

  constructor(registry: TunnelRegistry) {
    this.#registry = registry;
  }

  /** Viewers currently watching a controller's camera. */
  viewersOf(controllerId: number): number {
    return this.#cameras.get(controllerId)?.viewers.size ?? 0;
  }

  /** The camera's latest frame when someone watches it already (a snapshot then costs nothing). */
  latestFrame(controllerId: number): Buffer | null {
    return this.#cameras.get(controllerId)?.latest ?? null;
  }

  /**
   * Starts sending the camera's frames to `viewer` (writing the multipart head first); throws the proxy's
   * offline errors, before anything is written, when the camera cannot stream, and TOO_MANY_REQUESTS when
   * `userId` already has MAX_VIEWERS_PER_USER viewers of it.
   */
  async watch(
    controllerId: number,
    viewer: FrameSink,
    userId: number | typeof ANOTHER_INSTANCE,
  ): Promise<void> {
    const existing = this.#cameras.get(controllerId);
    const count = existing?.perUser.get(userId) ?? 0;
    if (userId !== ANOTHER_INSTANCE && count >= MAX_VIEWERS_PER_USER) {
      throw new AppError('TOO_MANY_REQUESTS', `At most ${MAX_VIEWERS_PER_USER} viewers of a camera per user`);
    }
    const camera = existing ?? this.#open(controllerId);
    camera.perUser.set(userId, count + 1);
    const uncount = () => {
      const left = (camera.perUser.get(userId) ?? 1) - 1;
      if (left > 0) camera.perUser.set(userId, left);
      else camera.perUser.delete(userId);
    };
    camera.waiting += 1;
    try {
      await camera.started;
    } catch (error) {
      uncount();
      throw error;
    } finally {
      camera.waiting -= 1;
    }
    if (viewer.destroyed) {
      uncount();
      this.#closeIfUnwatched(controllerId, camera);
      return;
    }
    viewer.writeHead(200, MJPEG_STREAM_HEADERS);
    if (camera.latest) for (const part of framePart(camera.latest)) viewer.write(part);
    camera.viewers.add(viewer);
    viewer.once('close', () => {
      uncount();
      camera.viewers.delete(viewer);
      this.#closeIfUnwatched(controllerId, camera);
    });
  }

  /**
   * Feeds another instance's viewers of a camera whose tunnel this instance holds (docs/design.md §7), from this
   * instance's one upstream: the deployment opens each camera once. What stops the camera is answered as the
   * gateway would have answered it.
   */
  feedInstance(controllerId: number, stream: ServerHttp2Stream): void {
    const sink: FrameSink = {
      writeHead: (status, headers) => stream.respond({ ...headers, ':status': status }),
      write: (chunk) => stream.write(chunk),
      get writableLength() {
        return stream.writableLength;
      },
      get destroyed() {
        return stream.destroyed || stream.closed;
      },
      once: (_event, listener) => stream.once('close', listener),
      destroy: () => stream.destroy(),
    };
    this.watch(controllerId, sink, ANOTHER_INSTANCE).catch((error: unknown) => {
      if (stream.destroyed || stream.headersSent) return;
      const [status, answer] = refusalOf(error);
      stream.respond({ ':status': status, [GATEWAY_ANSWER_HEADER]: answer }, { endStream: true });
    });
  }

  #closeIfUnwatched(controllerId: number, camera: Camera): void {
    if (camera.viewers.size > 0 || camera.waiting > 0) return;
    camera.close();
    if (this.#cameras.get(controllerId) === camera) this.#cameras.delete(controllerId);
  }

  #open(controllerId: number): Camera {
    const stream = this.#registry.open(controllerId, {
      method: 'GET',
      target: 'webcam',
      path: '/?action=stream',
      waitMs: UPSTREAM_START_MS,
    });
    const camera: Camera = {
      viewers: new Set(),
      waiting: 0,
      perUser: new Map(),
      latest: null,
      started: Promise.reject(new AppError('GATEWAY_OFFLINE')),
      close: () => stream?.close(constants.NGHTTP2_CANCEL),
    };
    const ended = () => {
      if (this.#cameras.get(controllerId) === camera) this.#cameras.delete(controllerId);
      for (const viewer of camera.viewers) viewer.destroy();
    };
    camera.started.catch(() => undefined);
    if (!stream) return camera;
    this.#cameras.set(controllerId, camera);
    stream.on('error', () => undefined);
    stream.once('close', ended);
    const timeout = AbortSignal.timeout(UPSTREAM_START_MS);
    camera.started = answerHeadOf(stream, timeout).then(
      (head) => {
        if (head[GATEWAY_ANSWER_HEADER] === HOLDER_ANSWERS.tunnelLeft) {
          stream.close(constants.NGHTTP2_CANCEL);
          throw new AppError('GATEWAY_OFFLINE');
        }
        if (head[':status'] !== 200 || head[GATEWAY_ANSWER_HEADER]) {
          stream.close(constants.NGHTTP2_CANCEL);
          throw new AppError(
            head[':status'] === 404 ? 'NOT_FOUND' : 'BOARD_OFFLINE',
            'The webcam is not available',
          );
        }
        const frames = stream.pipe(new MjpegFrameSplitter());
        frames.on('data', (jpeg: Buffer) => {
          camera.latest = jpeg;
          for (const viewer of camera.viewers) {
            if (viewer.writableLength > MAX_VIEWER_BACKLOG_BYTES) continue;
            for (const part of framePart(jpeg)) viewer.write(part);
          }
        });
        frames.on('error', () => stream.close(constants.NGHTTP2_CANCEL));
      },
      () => {
        stream.close(constants.NGHTTP2_CANCEL);
        throw timeout.aborted
          ? new AppError('BOARD_TIMEOUT', 'The webcam did not answer')
          : new AppError('GATEWAY_OFFLINE');
      },
    );
    return camera;
  }
}

/** The hub's refusal of a camera as the gateway's own answer, for the instance that asked. */
function refusalOf(error: unknown): [number, GatewayAnswer | typeof HOLDER_ANSWERS.tunnelLeft] {
  const code = error instanceof AppError ? error.code : undefined;
  switch (code) {
    case 'GATEWAY_OFFLINE':
      return [502, HOLDER_ANSWERS.tunnelLeft];
    case 'NOT_FOUND':
      return [404, 'no-webcam'];
    case 'BOARD_TIMEOUT':
      return [504, 'board-timeout'];
    default:
      return [503, 'board-unreachable'];
  }
}
