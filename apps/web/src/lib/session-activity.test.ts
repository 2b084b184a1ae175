import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  holdLiveView,
  holdLiveViewWhileVisible,
  inUseSince,
  onLiveViewHeld,
  watchInput,
} from './session-activity';

// The page's window is only ever an event target to this module.
beforeEach(() => vi.stubGlobal('window', new EventTarget()));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session activity', () => {
  it('counts input after the session was issued, and only while watching', () => {
    vi.useFakeTimers({ now: 10_000 });
    const stop = watchInput();
    expect(inUseSince(5_000)).toBe(false);
    window.dispatchEvent(new Event('keydown'));
    expect(inUseSince(5_000)).toBe(true);
    expect(inUseSince(10_001)).toBe(false);
    stop();
    vi.setSystemTime(20_000);
    window.dispatchEvent(new Event('pointerdown'));
    expect(inUseSince(15_000)).toBe(false);
  });

  it('counts live data on screen for as long as it is held, released once', () => {
    const release = holdLiveView();
    const other = holdLiveView();
    expect(inUseSince(Number.MAX_SAFE_INTEGER)).toBe(true);
    release();
    release();
    expect(inUseSince(Number.MAX_SAFE_INTEGER)).toBe(true);
    other();
    expect(inUseSince(Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('holds the live view only while the document is visible, and lets go when stopped', () => {
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const stop = holdLiveViewWhileVisible(page as unknown as Document);
    expect(inUseSince(Number.MAX_SAFE_INTEGER)).toBe(true);
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(inUseSince(Number.MAX_SAFE_INTEGER)).toBe(false);
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(inUseSince(Number.MAX_SAFE_INTEGER)).toBe(true);
    stop();
    expect(inUseSince(Number.MAX_SAFE_INTEGER)).toBe(false);
    page.dispatchEvent(new Event('visibilitychange'));
    expect(inUseSince(Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('tells its listeners when a live view comes to be held, not while one already is', () => {
    const held = vi.fn();
    const stop = onLiveViewHeld(held);
    const page = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
    const stopHolding = holdLiveViewWhileVisible(page as unknown as Document);
    expect(held).not.toHaveBeenCalled();
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(held).toHaveBeenCalledTimes(1);
    const other = holdLiveView();
    expect(held).toHaveBeenCalledTimes(1);
    other();
    stopHolding();
    stop();
    holdLiveView()();
    expect(held).toHaveBeenCalledTimes(1);
  });
});
