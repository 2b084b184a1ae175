import { can, type ServiceSession, type ServiceSessionState } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAt } from '../../../lib/timers';
import { getServiceSessionsQueryOptions } from '../api/get-service-sessions';
import { serviceSessionsKey } from '../api/service-session-keys';
import { endedWatchedSession, ownActiveSession, type SessionViewer } from '../lib/service-session-rules';

/**
 * While the viewer's control panel runs under a service session of theirs, the machine's sessions are read this
 * often: an end the business decides shows (and takes the frame down) within about this long.
 */
export const SESSION_WATCH_MS = 2000;

/**
 * The service session the viewer's open control panel runs under, once it has ended (by someone, or at its time):
 * undefined while it is active or when the viewer has none. When it ends, every session list is read again, so
 * "remote control now" goes at once.
 */
export function useEndedSession(
  controllerId: number,
  viewer: SessionViewer | undefined,
): { session: ServiceSession; state: ServiceSessionState } | undefined {
  const queryClient = useQueryClient();
  const [watched, setWatched] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now);
  const sessions = useQuery({
    ...getServiceSessionsQueryOptions({ controller: String(controllerId) }),
    // Only staff who ask for sessions work under one; the machine's own people never need it.
    enabled: viewer !== undefined && can(viewer.role, 'requestServiceSession'),
    refetchInterval: (query) =>
      viewer && ownActiveSession(query.state.data ?? [], viewer, Date.now()) ? SESSION_WATCH_MS : false,
    // A watch behind the page: a failed reading is tried again at the next interval, without a toast.
    meta: { silent: true },
  }).data;
  const active = viewer && sessions ? ownActiveSession(sessions, viewer, now) : undefined;
  useEffect(() => {
    if (active && watched === null) setWatched(active.id);
  }, [active, watched]);
  useAt(active?.endsAt ? Date.parse(active.endsAt) : null, () => setNow(Date.now()));
  const ended = sessions ? endedWatchedSession(sessions, watched, Math.max(now, Date.now())) : undefined;
  const endedId = ended?.session.id;
  useEffect(() => {
    if (endedId !== undefined) void queryClient.invalidateQueries({ queryKey: serviceSessionsKey });
  }, [endedId, queryClient]);
  return ended;
}
