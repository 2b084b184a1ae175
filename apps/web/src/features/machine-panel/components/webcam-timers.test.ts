import { describe, expect, it } from 'vitest';
import {
  initialWebcamState,
  isStreaming,
  nextDeadline,
  streamSource,
  WEBCAM_TIMINGS,
  type WebcamEvent,
  type WebcamState,
  webcamReducer,
} from './webcam-timers';

const START = 1_000_000;
const MINUTE = 60_000;

/** A fake clock driving the reducer as the hook does: a tick at each deadline up to `until`. */
function runUntil(state: WebcamState, until: number): WebcamState {
  let current = state;
  for (let deadline = nextDeadline(current); deadline !== null && deadline <= until; ) {
    current = webcamReducer(current, { type: 'tick', now: deadline });
    deadline = nextDeadline(current);
  }
  return current;
}

const start = (lowLatency = false) => initialWebcamState({ lowLatency, hidden: false, now: START });
const send = (state: WebcamState, ...events: WebcamEvent[]) => events.reduce(webcamReducer, state);

describe('the webcam timers', () => {
  it('streams at once, and asks whether the viewer is still watching after 10 minutes', () => {
    const state = start();
    expect(isStreaming(state)).toBe(true);
    expect(runUntil(state, START + 10 * MINUTE - 1).attention).toBe('watching');
    const asked = runUntil(state, START + 10 * MINUTE);
    expect(asked.attention).toBe('asking');
    expect(isStreaming(asked)).toBe(true);
  });

  it('stops the stream 5 minutes after the warning, and resumes it with a new connection', () => {
    const asked = runUntil(start(), START + 10 * MINUTE);
    expect(runUntil(asked, START + 15 * MINUTE - 1).attention).toBe('asking');
    const stopped = runUntil(asked, START + 15 * MINUTE);
    expect(stopped.attention).toBe('stopped');
    expect(isStreaming(stopped)).toBe(false);
    expect(nextDeadline(stopped)).toBeNull();

    const resumed = send(stopped, { type: 'keepWatching', now: START + 20 * MINUTE });
    expect(isStreaming(resumed)).toBe(true);
    expect(resumed.connection).toBe(stopped.connection + 1);
    expect(runUntil(resumed, START + 30 * MINUTE - 1).attention).toBe('watching');
    expect(runUntil(resumed, START + 30 * MINUTE).attention).toBe('asking');
  });

  it('starts a new 10-minute period when the viewer answers the warning, keeping the stream open', () => {
    const asked = runUntil(start(), START + 12 * MINUTE);
    const kept = send(asked, { type: 'keepWatching', now: START + 12 * MINUTE });
    expect(kept.attention).toBe('watching');
    expect(kept.connection).toBe(asked.connection);
    expect(runUntil(kept, START + 22 * MINUTE - 1).attention).toBe('watching');
    expect(runUntil(kept, START + 27 * MINUTE).attention).toBe('stopped');
  });

  it('stops at once when the clock jumps past both deadlines', () => {
    const jumped = webcamReducer(start(), { type: 'tick', now: START + 60 * MINUTE });
    expect(jumped.attention).toBe('stopped');
  });

  it('goes to standby 30 seconds after the tab is hidden, and resumes when it is visible again', () => {
    const hidden = send(start(), { type: 'visibility', hidden: true, now: START + MINUTE });
    expect(runUntil(hidden, START + MINUTE + WEBCAM_TIMINGS.standbyAfterHiddenMs - 1).standby).toBe(false);
    const standby = runUntil(hidden, START + MINUTE + WEBCAM_TIMINGS.standbyAfterHiddenMs);
    expect(standby.standby).toBe(true);
    expect(isStreaming(standby)).toBe(false);
    // No warning can come while nobody sees the page.
    expect(runUntil(standby, START + 60 * MINUTE).attention).toBe('watching');

    const back = send(standby, { type: 'visibility', hidden: false, now: START + 60 * MINUTE });
    expect(isStreaming(back)).toBe(true);
    expect(back.connection).toBe(standby.connection + 1);
    expect(runUntil(back, START + 70 * MINUTE).attention).toBe('asking');
  });

  it('keeps streaming when the tab comes back before 30 seconds', () => {
    const brief = send(
      start(),
      { type: 'visibility', hidden: true, now: START + MINUTE },
      { type: 'visibility', hidden: false, now: START + MINUTE + 10_000 },
    );
    const later = runUntil(brief, START + 5 * MINUTE);
    expect([later.standby, isStreaming(later), later.connection]).toEqual([false, true, 0]);
  });

  it('with low latency, clears the source every 30 seconds for 150 ms and reconnects', () => {
    const state = start(true);
    const gap = runUntil(state, START + WEBCAM_TIMINGS.lowLatencyEveryMs);
    expect(isStreaming(gap)).toBe(false);
    expect(gap.connection).toBe(0);
    expect(isStreaming(runUntil(gap, START + 30_000 + WEBCAM_TIMINGS.lowLatencyGapMs - 1))).toBe(false);
    const refreshed = runUntil(gap, START + 30_000 + WEBCAM_TIMINGS.lowLatencyGapMs);
    expect([isStreaming(refreshed), refreshed.connection]).toEqual([true, 1]);
    // Each period is 30 s of stream and the 150 ms gap.
    expect(runUntil(refreshed, START + 5 * MINUTE).connection).toBe(9);
  });

  it('never refreshes without low latency, and stops refreshing when it is turned off', () => {
    expect(runUntil(start(), START + 9 * MINUTE).connection).toBe(0);
    const off = send(start(true), { type: 'lowLatency', on: false, now: START + 20_000 });
    expect(runUntil(off, START + 5 * MINUTE).connection).toBe(0);
  });

  it('builds a source with the webcam token and a marker of the connection', () => {
    const source = new URL(streamSource('https://m.example/proxy/webcam/7/?action=stream', 'tok en', 3));
    expect(source.pathname).toBe('/proxy/webcam/7/');
    expect(Object.fromEntries(source.searchParams)).toEqual({
      action: 'stream',
      token: 'tok en',
      connection: '3',
    });
  });
});
