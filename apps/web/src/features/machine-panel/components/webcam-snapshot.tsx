import { useState } from 'react';
import { useNow } from '../../../lib/timers';
import { useWebcamStream } from '../api/get-webcam-stream';

/** A card's webcam picture is a still, taken again this often: a list of streams would cost every camera. */
export const SNAPSHOT_REFRESH_MS = 30_000;

/** The address of a snapshot of the camera that streams at `streamUrl`, taken at `at`. */
export function snapshotSource(streamUrl: string, videoToken: string, at: number): string {
  const url = new URL(streamUrl);
  url.searchParams.set('action', 'snapshot');
  url.searchParams.set('token', videoToken);
  url.searchParams.set('at', String(at));
  return url.toString();
}

/**
 * A still of the machine's webcam, refreshed every SNAPSHOT_REFRESH_MS; nothing at all when the viewer may not
 * watch it (a licence that ended) or the camera gives no picture. `videoToken` comes from the list, which keeps
 * one token renewed for every card.
 */
export function WebcamSnapshot({
  controllerId,
  videoToken,
  alt,
}: {
  controllerId: number;
  videoToken: string | null;
  alt: string;
}) {
  const stream = useWebcamStream(controllerId, { silent: true, enabled: videoToken !== null });
  const now = useNow(SNAPSHOT_REFRESH_MS);
  const [failedSource, setFailedSource] = useState<string>();
  if (!stream.data || videoToken === null) return null;
  const source = snapshotSource(stream.data.url, videoToken, Math.floor(now / SNAPSHOT_REFRESH_MS));
  if (source === failedSource) return null;
  return (
    <img
      src={source}
      alt={alt}
      className="webcam-snapshot w-100 rounded border bg-body-tertiary"
      data-testid="machine-snapshot"
      onError={() => setFailedSource(source)}
    />
  );
}
