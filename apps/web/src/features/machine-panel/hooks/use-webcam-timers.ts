import { useEffect, useReducer } from 'react';
import { useAt } from '../../../lib/timers';
import { initialWebcamState, nextDeadline, webcamReducer } from '../components/webcam-timers';

/**
 * Drives the webcam's state machine with the wall clock and the tab's visibility: a tick at each deadline
 * the reducer names, and an event whenever the tab is hidden or shown.
 */
export function useWebcamTimers(lowLatency: boolean) {
  const [state, dispatch] = useReducer(webcamReducer, undefined, () =>
    initialWebcamState({ lowLatency, hidden: document.hidden, now: Date.now() }),
  );

  useEffect(() => {
    const onVisibility = () => dispatch({ type: 'visibility', hidden: document.hidden, now: Date.now() });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    dispatch({ type: 'lowLatency', on: lowLatency, now: Date.now() });
  }, [lowLatency]);

  useAt(nextDeadline(state), () => dispatch({ type: 'tick', now: Date.now() }));

  return {
    state,
    keepWatching: () => dispatch({ type: 'keepWatching', now: Date.now() }),
  };
}
