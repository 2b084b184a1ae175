import type { MachineLiveStatus } from '@portal/contract';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { baseName, formatHms, formatProgress, secondsToEnd } from '../lib/card-rules';
import type { AttentionReason } from '../lib/fleet-glance';
import { MachineStatusBadge } from './machine-status-badge';

export interface WallTileProps {
  name: string;
  location: string;
  status: MachineLiveStatus;
  /** Why it needs attention, most urgent first; empty when in order. */
  reasons: readonly AttentionReason[];
  /** The wall's clock (ticking every second), for the time left. */
  now: number;
  /** What a person does here, under the job (the wall's "Bed clear"). */
  action?: ReactNode;
}

/** One machine on the wall view, readable across a workshop: state, job, progress and time left. */
export function WallTile({ name, location, status, reasons, now, action }: WallTileProps) {
  const { t, i18n } = useTranslation();
  const job = status.job && !status.job.finished ? status.job : null;
  const left = job ? secondsToEnd(job, now) : null;
  const progress = job?.progress ?? null;
  return (
    <Card
      as="article"
      aria-label={name}
      className={`h-100 shadow-sm${reasons.length > 0 ? ' border-danger border-3' : ''}`}
      data-testid="wall-tile"
    >
      <Card.Body className="d-flex flex-column gap-2">
        <div className="d-flex align-items-start justify-content-between gap-2">
          <div className="min-w-0">
            <h2 className="h3 mb-0 text-break">{name}</h2>
            {location && <p className="mb-0 text-body-secondary">{location}</p>}
          </div>
          <span className="fs-5">
            <MachineStatusBadge state={status.state} />
          </span>
        </div>
        {reasons.length > 0 && (
          <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" data-testid="wall-reasons">
            {reasons.map((reason) => (
              <li key={reason} className="badge text-bg-danger text-wrap fs-6">
                {t(`fleet.glance.reasons.${reason}`)}
              </li>
            ))}
          </ul>
        )}
        {job ? (
          <>
            <p className="fs-5 mb-0 text-truncate" title={job.fileName} data-testid="wall-job">
              {baseName(job.fileName)}
            </p>
            <div
              className="progress"
              role="progressbar"
              style={{ height: '1.25rem' }}
              aria-label={t('fleet.card.progressOf', { name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress ?? 0}
              aria-valuetext={progress === null ? undefined : formatProgress(progress, i18n.language)}
            >
              <div className="progress-bar" style={{ width: `${progress ?? 0}%` }} />
            </div>
            <div className="d-flex justify-content-between fs-4 font-monospace">
              <span data-testid="wall-progress">
                {progress === null ? '–' : formatProgress(progress, i18n.language)}
              </span>
              <span data-testid="wall-time-left">
                {left === null ? '–' : t('fleet.wall.timeLeft', { left: formatHms(left) })}
              </span>
            </div>
          </>
        ) : (
          <p className="fs-5 mb-0 text-body-secondary" data-testid="wall-job">
            {t('fleet.card.noJob')}
          </p>
        )}
        {action}
      </Card.Body>
    </Card>
  );
}
