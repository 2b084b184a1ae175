/**
 * Whether the page is in use, which decides if its session is renewed before it runs out: someone touched
 * it (a key, a click, a scroll) since the session was last issued, or it is the fleet's wall view on screen
 * (a workshop display nobody touches, docs/product.md §2). An idle page gets the expiry popup instead.
 */

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

let lastInputAt = 0;
let liveViews = 0;
let watchers = 0;
const heldListeners = new Set<() => void>();

const noteInput = (): void => {
  lastInputAt = Date.now();
};

/** Starts noticing input on the page; returns the way to stop. */
export function watchInput(): () => void {
  watchers += 1;
  if (watchers === 1) {
    for (const type of INPUT_EVENTS)
      window.addEventListener(type, noteInput, { passive: true, capture: true });
  }
  return () => {
    watchers -= 1;
    if (watchers === 0) {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, noteInput, { capture: true });
    }
  };
}

/**
 * Calls `listener` each time a live view starts being held after none was (the wall view shown again): a
 * renewal that came due meanwhile, skipped as the page was idle, is then made at once. Returns the way to stop.
 */
export function onLiveViewHeld(listener: () => void): () => void {
  heldListeners.add(listener);
  return () => heldListeners.delete(listener);
}

/** Marks a display meant to stay signed in untouched while held; returns the release. */
export function holdLiveView(): () => void {
  liveViews += 1;
  if (liveViews === 1) for (const listener of heldListeners) listener();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    liveViews -= 1;
  };
}

/** True when the page shows live data, or had input at or after `since` (epoch ms). */
export const inUseSince = (since: number): boolean => liveViews > 0 || lastInputAt >= since;

type VisibilitySource = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

/**
 * Holds the live view only while the document is visible: a hidden tab or a minimised window lets its session
 * run out like any idle page's. Returns the way to stop.
 */
export function holdLiveViewWhileVisible(source: VisibilitySource = document): () => void {
  let release: (() => void) | null = null;
  const update = (): void => {
    if (source.visibilityState === 'visible') release ??= holdLiveView();
    else {
      release?.();
      release = null;
    }
  };
  update();
  source.addEventListener('visibilitychange', update);
  return () => {
    source.removeEventListener('visibilitychange', update);
    release?.();
    release = null;
  };
}
