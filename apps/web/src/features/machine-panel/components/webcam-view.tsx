import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../../../config/storage-keys';
import { useStoredFlag } from '../../../lib/use-stored-flag';
import { useWebcamStream } from '../api/get-webcam-stream';
import { useVideoToken } from '../hooks/use-video-token';
import { useWebcamTimers } from '../hooks/use-webcam-timers';
import { StreamImage } from './stream-image';
import { isStreaming, streamSource, type WebcamState } from './webcam-timers';

export interface WebcamViewProps {
  controllerId: number;
  /** Administrators only (docs/product.md §6). */
  canUseLowLatency: boolean;
}

/**
 * Why there is no picture, when there is none: the stop for inattention, a hidden tab. (The page's show/hide
 * button is the webcam's one switch: a hidden webcam is not mounted at all.)
 */
function PausedNotice({ state, onResume }: { state: WebcamState; onResume: () => void }) {
  const { t } = useTranslation();
  if (state.attention === 'stopped') {
    return (
      <div className="text-center">
        <p>{t('machinePanel.webcam.stopped')}</p>
        <Button onClick={onResume}>{t('machinePanel.webcam.resume')}</Button>
      </div>
    );
  }
  if (state.standby) return <p className="text-body-secondary m-0">{t('machinePanel.webcam.standby')}</p>;
  return null;
}

/** The machine's webcam: the timers of docs/product.md §4, and the low-latency option. */
export function WebcamView({ controllerId, canUseLowLatency }: WebcamViewProps) {
  const { t } = useTranslation();
  const stream = useWebcamStream(controllerId);
  const token = useVideoToken();
  const [lowLatencyChosen, setLowLatency] = useStoredFlag(STORAGE_KEYS.webcamLowLatency, false);
  const lowLatency = canUseLowLatency && lowLatencyChosen;
  const { state, keepWatching } = useWebcamTimers(lowLatency);
  const streaming = isStreaming(state);
  const hasToken = token !== null;
  const streamUrl = stream.data?.url;
  // The address whose stream failed (the gateway offline, the camera gone): a retry is a new connection.
  const [failedSource, setFailedSource] = useState<string>();

  // A renewed token is for the next connection: the open stream keeps the address it was opened with.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the token is read only when a connection starts
  const source = useMemo(
    () => (streaming && streamUrl && token ? streamSource(streamUrl, token, state.connection) : undefined),
    [streaming, streamUrl, hasToken, state.connection],
  );

  return (
    <Card className="h-100">
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0">{t('machinePanel.webcam.title')}</h2>
        {canUseLowLatency && (
          <Form.Check
            type="switch"
            id={`webcam-low-latency-${controllerId}`}
            label={t('machinePanel.webcam.lowLatency')}
            checked={lowLatencyChosen}
            onChange={(event) => setLowLatency(event.currentTarget.checked)}
          />
        )}
      </Card.Header>
      <Card.Body>
        {state.attention === 'asking' && (
          <Alert
            variant="warning"
            className="d-flex flex-wrap align-items-center justify-content-between gap-2"
          >
            <span>{t('machinePanel.webcam.stillWatching')}</span>
            <Button variant="warning" onClick={keepWatching}>
              {t('machinePanel.webcam.keepWatching')}
            </Button>
          </Alert>
        )}
        {stream.isError ? (
          <p className="text-danger m-0">{t('machinePanel.webcam.unavailable')}</p>
        ) : (
          <div className="d-flex align-items-center justify-content-center machine-webcam-box">
            {source && source === failedSource ? (
              <div className="text-center" data-testid="webcam-failed">
                <p>{t('machinePanel.webcam.unavailable')}</p>
                <Button variant="outline-primary" onClick={keepWatching}>
                  <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
                  {t('machinePanel.webcam.retry')}
                </Button>
              </div>
            ) : source ? (
              <StreamImage
                src={source}
                alt={t('machinePanel.webcam.alt')}
                onError={() => setFailedSource(source)}
              />
            ) : (
              <PausedNotice state={state} onResume={keepWatching} />
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
