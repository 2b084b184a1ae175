import type http2 from 'node:http2';
import { WEBCAM_PREFIX } from '@portal/tunnel';
import type { Logger } from 'pino';
import { UpstreamTimeoutError } from './errors.ts';
import { answerStream, cancellationOf, type LocalAnswer } from './local-answers.ts';
import type { RelayCounters } from './relay-stats.ts';
import { forwardResponse, sendUpstream, type Upstream } from './upstream.ts';

export interface WebcamRelayOptions {
  /** Null when this gateway has no webcam. */
  webcam: Upstream | null;
  timeoutMs: number;
  /** Upstream connections open at once; the portal shares one stream among all viewers of a camera. */
  maxStreams: number;
  counters: RelayCounters;
  logger: Logger;
}

const ACTIONS = new Set(['stream', 'snapshot']);

/**
 * mjpg-streamer matches the raw request line, so the path must be exactly `/?action=stream` or `/?action=snapshot`
 * (docs/duet-http.md §5); every other parameter (the portal's token, a page's cache-busting `dummy`) stays
 * out.
 */
export function webcamTarget(streamPath: string): string | null {
  const question = streamPath.indexOf('?');
  const action = new URLSearchParams(question < 0 ? '' : streamPath.slice(question + 1)).get('action');
  return action && ACTIONS.has(action) ? `/?action=${action}` : null;
}

/**
 * Relays `/webcam/...` streams to the webcam: the multipart answer streams through without buffering, and the
 * upstream request is destroyed the moment the portal closes the stream.
 */
export class WebcamRelay {
  readonly #options: WebcamRelayOptions;

  constructor(options: WebcamRelayOptions) {
    this.#options = options;
  }

  handle(stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders): void {
    const { webcam, counters } = this.#options;
    if (!webcam) {
      this.#answer(stream, { status: 404, answer: 'no-webcam', text: 'This gateway has no webcam.' });
      return;
    }
    const target = webcamTarget(String(headers[':path']).slice(WEBCAM_PREFIX.length));
    if (headers[':method'] !== 'GET' || !target) {
      this.#answer(stream, {
        status: 400,
        answer: 'bad-request',
        text: 'A webcam answers only GET /?action=stream and GET /?action=snapshot.',
      });
      return;
    }
    if (counters.openWebcamStreams >= this.#options.maxStreams) {
      this.#answer(stream, {
        status: 503,
        answer: 'gateway-busy',
        text: 'Too many webcam streams are open.',
      });
      return;
    }
    counters.openWebcamStreams++;
    const { signal, done } = cancellationOf(stream);
    this.#relay(stream, webcam, target, signal).finally(() => {
      counters.openWebcamStreams--;
      done();
    });
  }

  async #relay(stream: http2.ServerHttp2Stream, webcam: Upstream, target: string, signal: AbortSignal) {
    try {
      const response = await sendUpstream(webcam, false, {
        method: 'GET',
        target,
        headers: [
          ['Host', webcam.host],
          ['Connection', 'close'],
        ],
        timeoutMs: this.#options.timeoutMs,
        signal,
      });
      await forwardResponse(stream, response);
    } catch (error) {
      if (signal.aborted || stream.headersSent) return; // the viewer left, or the camera stopped mid-stream
      const timedOut = error instanceof UpstreamTimeoutError;
      this.#options.logger.warn({ reason: (error as Error).message }, 'webcam unreachable');
      this.#answer(stream, {
        status: timedOut ? 504 : 503,
        answer: timedOut ? 'board-timeout' : 'board-unreachable',
        text: `The webcam cannot be reached: ${(error as Error).message}.`,
      });
    }
  }

  #answer(stream: http2.ServerHttp2Stream, local: LocalAnswer): void {
    if (local.answer) this.#options.counters.gatewayAnswers[local.answer]++;
    answerStream(stream, local);
  }
}
