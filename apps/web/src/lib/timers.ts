import { useEffect, useRef, useState } from 'react';

// setTimeout overflows above 2^31-1 ms and would fire at once; longer waits are chained.
const MAX_TIMEOUT_MS = 2_147_483_647;
// How often useAt looks at the wall clock, which can jump (a sleeping laptop, a changed system time).
const CLOCK_CHECK_MS = 1000;

/** Runs `callback` at the instant `at` (epoch ms), or soon if it has passed; returns a cancel function. */
export function scheduleAt(at: number, callback: () => void): () => void {
  let handle: ReturnType<typeof setTimeout>;
  const arm = (): void => {
    const delay = at - Date.now();
    handle =
      delay > MAX_TIMEOUT_MS ? setTimeout(arm, MAX_TIMEOUT_MS) : setTimeout(callback, Math.max(0, delay));
  };
  arm();
  return () => clearTimeout(handle);
}

/**
 * Calls `callback` once when the wall clock reaches `at` (null: never). A timer gives precision; a
 * check every second catches clock jumps, after which a timer alone would fire late.
 */
export function useAt(at: number | null, callback: () => void): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });

  useEffect(() => {
    if (at === null) return;
    let fired = false;
    const fire = (): void => {
      if (fired || Date.now() < at) return;
      fired = true;
      latest.current();
    };
    const cancel = scheduleAt(at, fire);
    const interval = setInterval(fire, CLOCK_CHECK_MS);
    return () => {
      cancel();
      clearInterval(interval);
    };
  }, [at]);
}

/** The current time, refreshed every `intervalMs`. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const handle = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(handle);
  }, [intervalMs]);
  return now;
}
