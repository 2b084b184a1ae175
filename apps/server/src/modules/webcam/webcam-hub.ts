import type { ServerResponse } from 'node:http';
import { constants } from 'node:http2';
import { GATEWAY_ANSWER_HEADER } from '@portal/tunnel';
import { AppError } from '../../shared/app-error.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { answerHeadOf } from '../machine-proxy/board-relay.ts';
import { framePart, MJPEG_STREAM_HEADERS, MjpegFrameSplitter } from './mjpeg.ts';

/** A viewer whose socket still holds this much unsent video skips frames until it catches up. */
const MAX_VIEWER_BACKLOG_BYTES = 512 * 1024;
/** How long a camera may take to start its stream. */
const UPSTREAM_START_MS = 10_000;

interface Camera {
  viewers: Set<ServerResponse>;
  /** Viewers waiting for the stream to start: they keep it open too. */
  waiting: number;
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
   * offline errors, before anything is written, when the camera cannot stream.
   */
  async watch(controllerId: number, viewer: ServerResponse): Promise<void> {
    const camera = this.#cameras.get(controllerId) ?? this.#open(controllerId);
    camera.waiting += 1;
    try {
      await camera.started;
    } finally {
      camera.waiting -= 1;
    }
    if (viewer.destroyed) {
      this.#closeIfUnwatched(controllerId, camera);
      return;
    }
    viewer.writeHead(200, MJPEG_STREAM_HEADERS);
    if (camera.latest) for (const part of framePart(camera.latest)) viewer.write(part);
    camera.viewers.add(viewer);
    viewer.once('close', () => {
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
