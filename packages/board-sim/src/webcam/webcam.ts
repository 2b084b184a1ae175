import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { createFrameLoop } from './frames.ts';
import {
  classifyRequest,
  notFoundAnswer,
  snapshotAnswer,
  streamHead,
  streamPart,
  type WebcamRequest,
} from './mjpg-streamer-protocol.ts';

/** A simulated mjpg-streamer camera. Every field is optional. */
export interface WebcamOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: an ephemeral port. */
  port?: number;
  /** Frames per second while someone watches; default 8. */
  fps?: number;
  /** Default 640. */
  width?: number;
  /** Default 480. */
  height?: number;
  /** Names the camera; it also picks the picture's colour, so cameras look different. Default 'webcam'. */
  label?: string;
}

/** Faults to inject, all off at start; set any time. */
export interface WebcamFaults {
  /** Connections are reset as soon as they open, and open ones are reset at once. */
  offline: boolean;
  /** Connections stay open but get nothing: no new answers, no further frames, until cleared. */
  stall: boolean;
}

/** What the shared encoder has done, for tests and benchmarks. */
export interface WebcamStats {
  /** Frames produced since start (one per tick while anyone watches or waits for a snapshot). */
  readonly framesProduced: number;
  /** Frames a viewer missed because its connection had not taken the previous one yet. */
  readonly framesSkipped: number;
  /** Bytes written to viewers' connections and not yet handed to the operating system. */
  readonly bufferedBytes: number;
  /** True while the shared encoder's timer runs. */
  readonly encoderRunning: boolean;
}

export interface RunningWebcam {
  /** `http://host:port`; the stream is `${url}/?action=stream`. */
  readonly url: string;
  readonly port: number;
  /** Open stream connections right now. */
  readonly viewers: number;
  /** The target of every request line received, in order (what a relay in front actually asked for). */
  readonly requestTargets: readonly string[];
  readonly faults: WebcamFaults;
  readonly stats: WebcamStats;
  close(): Promise<void>;
}

/** mjpg-streamer gives a client 5 s per header line; one deadline for the whole head is close enough. */
const HEAD_TIMEOUT_MS = 5000;
const MAX_HEAD_BYTES = 8192;

/**
 * Starts a camera that answers like mjpg-streamer (`/?action=stream`, `/?action=snapshot`). One encoder
 * serves every viewer: it ticks only while someone watches or waits for a snapshot, and a viewer whose
 * connection has not yet taken the last frame skips the next one instead of queueing it.
 */
export async function startWebcam(options: WebcamOptions = {}): Promise<RunningWebcam> {
  const host = options.host ?? '127.0.0.1';
  const fps = options.fps ?? 8;
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  if (!(fps > 0)) throw new RangeError(`A webcam needs fps above 0, not ${fps}`);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`A webcam needs a picture size in whole pixels, not ${width}x${height}`);
  }
  const frameAt = createFrameLoop(width, height, options.label ?? 'webcam');

  const connections = new Set<Socket>();
  const viewers = new Set<Socket>();
  let snapshotWaiters: Socket[] = [];
  /** Requests that arrived while stalled, answered when the stall clears. */
  let parked: Array<{ socket: Socket; request: WebcamRequest }> = [];
  let offline = false;
  let stall = false;
  let timer: NodeJS.Timeout | null = null;
  let framesProduced = 0;
  let framesSkipped = 0;
  const requestTargets: string[] = [];

  function stopTickingIfIdle(): void {
    if (timer && viewers.size === 0 && snapshotWaiters.length === 0) {
      clearInterval(timer);
      timer = null;
    }
  }

  function tick(): void {
    if (stall) return;
    const jpeg = frameAt(framesProduced);
    framesProduced += 1;
    // Sub-millisecond, like the capture time mjpg-streamer prints.
    const now = performance.timeOrigin + performance.now();
    if (viewers.size > 0) {
      const part = streamPart(jpeg, now);
      for (const viewer of viewers) {
        // A viewer still holding part of the last frame skips this one: at most one frame waits per viewer.
        if (viewer.writableLength > 0) framesSkipped += 1;
        else viewer.write(part);
      }
    }
    if (snapshotWaiters.length > 0) {
      const answer = snapshotAnswer(jpeg, now);
      for (const waiter of snapshotWaiters) waiter.end(answer);
      snapshotWaiters = [];
    }
    stopTickingIfIdle();
  }

  function startTicking(): void {
    if (timer) return;
    timer = setInterval(tick, 1000 / fps);
    tick();
  }

  function answer(socket: Socket, request: WebcamRequest): void {
    if (socket.destroyed) return;
    if (request === 'not-found') {
      socket.end(notFoundAnswer());
      return;
    }
    if (request === 'stream') {
      socket.write(streamHead());
      viewers.add(socket);
    } else {
      snapshotWaiters.push(socket);
    }
    startTicking();
  }

  function forget(socket: Socket): void {
    connections.delete(socket);
    viewers.delete(socket);
    snapshotWaiters = snapshotWaiters.filter((waiter) => waiter !== socket);
    parked = parked.filter((entry) => entry.socket !== socket);
    stopTickingIfIdle();
  }

  function readRequestHead(socket: Socket): void {
    let head = '';
    const deadline = setTimeout(() => socket.destroy(), HEAD_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) {
        if (head.length > MAX_HEAD_BYTES) socket.destroy();
        return;
      }
      clearTimeout(deadline);
      socket.off('data', onData);
      // Keep reading (and dropping) so a client that goes away is noticed.
      socket.resume();
      const requestLine = head.slice(0, head.indexOf('\r\n'));
      requestTargets.push(requestLine.split(' ')[1] ?? '');
      const request = classifyRequest(requestLine);
      if (stall) parked.push({ socket, request });
      else answer(socket, request);
    };
    socket.on('data', onData);
    socket.once('close', () => clearTimeout(deadline));
  }

  const server = createServer((socket) => {
    if (offline) {
      socket.resetAndDestroy();
      return;
    }
    connections.add(socket);
    socket.on('error', () => {});
    socket.once('close', () => forget(socket));
    readRequestHead(socket);
  });

  const faults: WebcamFaults = {
    get offline() {
      return offline;
    },
    set offline(value: boolean) {
      offline = value;
      if (value) for (const socket of connections) socket.resetAndDestroy();
    },
    get stall() {
      return stall;
    },
    set stall(value: boolean) {
      stall = value;
      if (value) return;
      const waiting = parked;
      parked = [];
      for (const { socket, request } of waiting) answer(socket, request);
    },
  };

  const stats: WebcamStats = {
    get framesProduced() {
      return framesProduced;
    },
    get framesSkipped() {
      return framesSkipped;
    },
    get bufferedBytes() {
      let bytes = 0;
      for (const viewer of viewers) bytes += viewer.writableLength;
      return bytes;
    },
    get encoderRunning() {
      return timer !== null;
    },
  };

  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The webcam is not on a TCP port');
  const port = address.port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    get viewers() {
      return viewers.size;
    },
    requestTargets,
    faults,
    stats,
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      await closed;
    },
  };
}
