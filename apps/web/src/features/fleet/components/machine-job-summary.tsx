import type { MachineLiveStatus } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJobThumbnail } from '../api/get-job-thumbnail';
import {
  baseName,
  elapsedSeconds,
  formatClock,
  formatHms,
  formatProgress,
  JOB_TIMER_MS,
  secondsToEnd,
} from '../lib/card-rules';

/**
 * The card's job: file name, progress bar (one decimal), duration, layer and estimated end, and the file's
 * thumbnail while it prints. A running job's timer ticks every second; a finished job shows its last duration.
 */
export function MachineJobSummary({
  status,
  machineName,
  controllerId,
}: {
  status: MachineLiveStatus;
  machineName: string;
  controllerId: number;
}) {
  const { t, i18n } = useTranslation();
  const { job } = status;
  const thumbnail = useJobThumbnail(controllerId, job?.thumbnail && !job.finished ? job.fileName : null);
  if (!job) {
    return (
      <p className="text-body-secondary small mb-0" data-testid="machine-job">
        {t('fleet.card.noJob')}
      </p>
    );
  }
  const progress = job.progress ?? 0;
  return (
    <div data-testid="machine-job" className="d-flex gap-3">
      {thumbnail && job.thumbnail && (
        <img
          src={thumbnail}
          alt={t('fleet.card.thumbnail', { file: baseName(job.fileName) })}
          width={job.thumbnail.width}
          height={job.thumbnail.height}
          className="job-thumbnail flex-shrink-0 rounded border bg-body-tertiary"
          data-testid="machine-thumbnail"
        />
      )}
      <div className="flex-grow-1 min-w-0">
        <div className="d-flex justify-content-between gap-2 small">
          <span className="text-body-secondary">
            {job.finished ? t('fleet.card.lastJob') : t('fleet.card.job')}
          </span>
          <span className="text-truncate fw-medium" title={job.fileName} data-testid="machine-job-file">
            {baseName(job.fileName)}
          </span>
        </div>
        <div className="d-flex align-items-center gap-2 my-2">
          {/* Bootstrap 5.3's progress markup: the outer element is the progressbar and carries its name. */}
          <div
            className="progress flex-grow-1"
            role="progressbar"
            style={{ height: '0.6rem' }}
            aria-label={t('fleet.card.progressOf', { name: machineName })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={job.progress === null ? undefined : formatProgress(progress, i18n.language)}
          >
            <div
              className={`progress-bar${job.finished ? ' bg-success' : ''}`}
              style={{ width: `${progress}%` }}
            />
          </div>
          <span className="small fw-medium font-monospace" data-testid="machine-progress">
            {job.progress === null ? '–' : formatProgress(job.progress, i18n.language)}
          </span>
        </div>
        <JobTimes status={status} />
      </div>
    </div>
  );
}

/** The time now, ticking every second while `running`; still otherwise (a finished job's timer stops). */
function useJobClock(running: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const handle = setInterval(() => setNow(Date.now()), JOB_TIMER_MS);
    return () => clearInterval(handle);
  }, [running]);
  return now;
}

/** Duration and estimated end; only this part re-renders with the one-second timer. */
function JobTimes({ status }: { status: MachineLiveStatus }) {
  const { t } = useTranslation();
  const job = status.job;
  const now = useJobClock(job !== null && !job.finished);
  if (!job) return null;
  const elapsed = elapsedSeconds(job, status.updatedAt, now);
  const left = secondsToEnd(job, now);
  return (
    <dl className="row small mb-0 gx-2">
      <dt className="col-6 fw-normal text-body-secondary">{t('fleet.card.duration')}</dt>
      <dd className="col-6 text-end mb-1 font-monospace" data-testid="machine-duration">
        {elapsed === null ? '–' : formatHms(elapsed)}
      </dd>
      {!job.finished && job.layer !== null && (
        <>
          <dt className="col-6 fw-normal text-body-secondary">{t('fleet.card.layer')}</dt>
          <dd className="col-6 text-end mb-1 font-monospace" data-testid="machine-layer">
            {job.layerCount
              ? t('fleet.card.layerOf', { layer: job.layer, count: job.layerCount })
              : job.layer}
          </dd>
        </>
      )}
      {!job.finished && (
        <>
          <dt className="col-6 fw-normal text-body-secondary">{t('fleet.card.estimatedEnd')}</dt>
          <dd className="col-6 text-end mb-0 font-monospace" data-testid="machine-end">
            {left === null || job.estimatedEnd === null
              ? '–'
              : t('fleet.card.endAt', {
                  time: formatClock(new Date(job.estimatedEnd)),
                  left: formatHms(left),
                })}
          </dd>
        </>
      )}
    </dl>
  );
}
