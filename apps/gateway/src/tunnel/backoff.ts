export interface BackoffOptions {
  /** The ceiling of the first retry's delay; it doubles with every failed attempt. */
  baseMs: number;
  /** No delay exceeds this. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, capMs: 60_000 };

/**
 * "Full jitter" exponential backoff: a delay drawn uniformly from [0, min(cap, base · 2^attempt)). Spreading every
 * retry over the whole window is what keeps a thousand gateways from returning together after a portal restart.
 * `attempt` counts the failures since the last success, starting at 0; `Infinity` backs off at the cap.
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(random() * ceiling);
}
