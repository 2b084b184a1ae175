import { createContext, useContext } from 'react';

/**
 * How often a shown queue is read again while nothing tells it of changes: copies start and end on the machines
 * without anyone clicking.
 */
export const QUEUE_REFRESH_MS = 5_000;

/**
 * How often while the app's event stream tells the queue's screens of every change (its `queue` events, a
 * machine's change of state): only in case one was lost, since the instances of a deployment pass them to each
 * other at most once (docs/design.md §7).
 */
export const QUEUE_LIVE_REFRESH_MS = 60_000;

/**
 * Whether the app's event stream is open and tells the queue's screens of changes; app/print-queue provides it
 * (a feature does not hold another's stream). Without it the screens read the queue every five seconds.
 */
export const QueueLiveContext = createContext(false);

/** The refresh period of the queue's reads where they are shown. */
export const useQueueRefreshInterval = (): number =>
  useContext(QueueLiveContext) ? QUEUE_LIVE_REFRESH_MS : QUEUE_REFRESH_MS;
