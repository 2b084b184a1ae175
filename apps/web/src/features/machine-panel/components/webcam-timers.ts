/** The webcam's timers (docs/product.md §4 and §9). */
export const WEBCAM_TIMINGS = {
  /** Watching this long brings the "are you still watching?" warning. */
  warnAfterMs: 10 * 60 * 1000,
  /** Without an answer, the stream stops this long after the warning. */
  stopAfterWarningMs: 5 * 60 * 1000,
  /** A hidden tab's stream goes to standby after this long. */
  standbyAfterHiddenMs: 30 * 1000,
  /** Low latency: the stream is reopened this often, so frames buffered on the way are dropped... */
  lowLatencyEveryMs: 30 * 1000,
  /** ...after this long without a source, so the browser closes the old connection first. */
  lowLatencyGapMs: 150,
} as const;

/** Whether the viewer is still there: watching, asked (the stream still runs), or stopped for no answer. */
export type WebcamAttention = 'watching' | 'asking' | 'stopped';

export interface WebcamState {
  attention: WebcamAttention;
  /** When the current watching period began: the warning comes `warnAfterMs` after it. */
  watchingSince: number;
  /** When the tab was hidden; null while it is visible. */
  hiddenSince: number | null;
  /** The tab has been hidden long enough for the stream to pause. */
  standby: boolean;
  lowLatency: boolean;
  /** When the current connection opened (low latency counts its refresh from it). */
  connectedAt: number;
  /** Low latency: when the source was cleared for the gap; null outside the gap. */
  gapSince: number | null;
  /** Counts connections: each gets its own address, so the browser never reuses a cached or closed stream. */
  connection: number;
}

export type WebcamEvent =
  /** The answer to the warning, and the resume button after the stop: a new watching period. */
  | { type: 'keepWatching'; now: number }
  | { type: 'visibility'; hidden: boolean; now: number }
  | { type: 'lowLatency'; on: boolean; now: number }
  /** A deadline of `nextDeadline` has come. */
  | { type: 'tick'; now: number };

export function initialWebcamState(options: {
  lowLatency: boolean;
  hidden: boolean;
  now: number;
}): WebcamState {
  return {
    attention: 'watching',
    watchingSince: options.now,
    hiddenSince: options.hidden ? options.now : null,
    standby: false,
    lowLatency: options.lowLatency,
    connectedAt: options.now,
    gapSince: null,
    connection: 0,
  };
}

/** The viewer has not been stopped and the tab is not in standby. */
const isLive = (state: WebcamState): boolean => state.attention !== 'stopped' && !state.standby;

/** Whether the `<img>` should have a source now; without one the browser closes the stream. */
export const isStreaming = (state: WebcamState): boolean => isLive(state) && state.gapSince === null;

/** A fresh connection and a fresh watching period. */
const reconnect = (state: WebcamState, now: number): WebcamState => ({
  ...state,
  attention: 'watching',
  watchingSince: now,
  connectedAt: now,
  gapSince: null,
  connection: state.connection + 1,
});

function tick(state: WebcamState, now: number): WebcamState {
  let next = state;
  if (next.hiddenSince !== null && !next.standby) {
    if (now >= next.hiddenSince + WEBCAM_TIMINGS.standbyAfterHiddenMs) {
      next = { ...next, standby: true, gapSince: null };
    }
  }
  if (!isLive(next)) return next;
  const warnAt = next.watchingSince + WEBCAM_TIMINGS.warnAfterMs;
  if (next.attention === 'watching' && now >= warnAt) next = { ...next, attention: 'asking' };
  // Checked right after the warning: a clock that jumped past both (a sleeping laptop) stops at once.
  if (next.attention === 'asking' && now >= warnAt + WEBCAM_TIMINGS.stopAfterWarningMs) {
    return { ...next, attention: 'stopped', gapSince: null };
  }
  if (!next.lowLatency) return next;
  if (next.gapSince !== null) {
    if (now < next.gapSince + WEBCAM_TIMINGS.lowLatencyGapMs) return next;
    return { ...next, gapSince: null, connectedAt: now, connection: next.connection + 1 };
  }
  if (now >= next.connectedAt + WEBCAM_TIMINGS.lowLatencyEveryMs) return { ...next, gapSince: now };
  return next;
}

export function webcamReducer(state: WebcamState, event: WebcamEvent): WebcamState {
  switch (event.type) {
    case 'keepWatching':
      if (state.attention === 'asking') return { ...state, attention: 'watching', watchingSince: event.now };
      if (state.attention === 'stopped') return reconnect(state, event.now);
      return state;
    case 'visibility':
      if (event.hidden) return state.hiddenSince === null ? { ...state, hiddenSince: event.now } : state;
      if (!state.standby) return { ...state, hiddenSince: null };
      // Back from standby: the viewer is here again, so the stream resumes with a new watching period.
      return reconnect({ ...state, hiddenSince: null, standby: false }, event.now);
    case 'lowLatency':
      if (event.on === state.lowLatency) return state;
      return { ...state, lowLatency: event.on, connectedAt: event.now, gapSince: null };
    case 'tick':
      return tick(state, event.now);
  }
}

/** The next instant at which `tick` would change something; null when no timer runs. */
export function nextDeadline(state: WebcamState): number | null {
  const deadlines: number[] = [];
  if (state.hiddenSince !== null && !state.standby) {
    deadlines.push(state.hiddenSince + WEBCAM_TIMINGS.standbyAfterHiddenMs);
  }
  if (isLive(state)) {
    const warnAt = state.watchingSince + WEBCAM_TIMINGS.warnAfterMs;
    deadlines.push(state.attention === 'watching' ? warnAt : warnAt + WEBCAM_TIMINGS.stopAfterWarningMs);
    if (state.lowLatency) {
      deadlines.push(
        state.gapSince !== null
          ? state.gapSince + WEBCAM_TIMINGS.lowLatencyGapMs
          : state.connectedAt + WEBCAM_TIMINGS.lowLatencyEveryMs,
      );
    }
  }
  return deadlines.length === 0 ? null : Math.min(...deadlines);
}

/** The `<img>` source of a connection: the stream address, the webcam token and a per-connection marker. */
export function streamSource(streamUrl: string, videoToken: string, connection: number): string {
  const url = new URL(streamUrl);
  url.searchParams.set('token', videoToken);
  url.searchParams.set('connection', String(connection));
  return url.toString();
}
