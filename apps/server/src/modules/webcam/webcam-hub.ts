import type { ServerResponse } from 'node:http';
import { constants } from 'node:http2';
import { GATEWAY_ANSWER_HEADER } from '@portal/tunnel';
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

interface Camera {
  viewers: Set<ServerResponse>;
  /** Viewers waiting for the stream to start: they keep it open too. */
  waiting: number;
  /** Viewers and waiting viewers per user. */
  perUser: Map<number, number>;
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
  async watch(controllerId: number, viewer: ServerResponse, userId: number): Promise<void> {
    const existing = this.#cameras.get(controllerId);
    const count = existing?.perUser.get(userId) ?? 0;
    if (count >= MAX_VIEWERS_PER_USER) {
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
