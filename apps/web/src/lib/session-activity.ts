/**
 * Whether the page is in use, which decides if its session is renewed before it runs out: someone touched
 * it (a key, a click, a scroll) since the session was last issued, or it shows live data (a workshop display
 * of the fleet that nobody touches). An idle page gets the expiry popup instead.
 */

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

let lastInputAt = 0;
let liveViews = 0;
let watchers = 0;

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

/** Marks live data on screen while held (the status stream holds it); returns the release. */
export function holdLiveView(): () => void {
  liveViews += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    liveViews -= 1;
  };
}

/** True when the page shows live data, or had input at or after `since` (epoch ms). */
export const inUseSince = (since: number): boolean => liveViews > 0 || lastInputAt >= since;
