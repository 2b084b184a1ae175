import { lazy, Suspense, useMemo } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { translateErrorCode } from '../../../lib/i18n';
import { type MachineLogSource, useMachineLog } from '../api/get-machine-log';
import { overdueRows } from '../lib/overdue-maintenance';
import { DownloadLogButton } from './download-log-button';
import { LogTable } from './log-table';

// Chart.js is fetched only when a statistics screen shows, never with the rest of the app.
const StatisticsChart = lazy(() => import('./statistics-chart'));

export interface MachineLogCardProps {
  /** The card header: the machine and controller names, or 'Caricamento...' while they load. */
  title: string;
  /** Undefined until the controller is known. */
  source: MachineLogSource | undefined;
  fileName: string;
  /** The title's heading: the page's own (h1) unless the page has one above the card. */
  headingAs?: 'h1' | 'h2';
}

/** Why the file could not be shown: the portal's own error codes (gateway or board offline…) or the board's 404. */
function useLoadErrorMessage(error: Error | null): string {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.code)
    return translateErrorCode(error.code) ?? t('machineLogs.errors.unreadable');
  if (error instanceof ApiError && error.status === 404) return t('machineLogs.errors.notFound');
  return t('machineLogs.errors.unreadable');
}

function LoadingSpinner({ label }: { label: string }) {
  return (
    <div className="d-flex justify-content-center py-4">
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}

/** A machine's statistics or maintenance log as a card: a table, a download and, for statistics, a chart. */
export function MachineLogCard({ title, source, fileName, headingAs: Heading = 'h1' }: MachineLogCardProps) {
  const { t } = useTranslation();
  const log = useMachineLog(source);
  const errorMessage = useLoadErrorMessage(log.error);
  const kind = source?.kind;
  const overdue = useMemo(
    () => (kind === 'maintenance' && log.data ? (overdueRows(log.data.table) ?? undefined) : undefined),
    [kind, log.data],
  );

  return (
    <Card>
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <Heading className="h5 mb-0">{title}</Heading>
        <DownloadLogButton text={log.data?.text} fileName={fileName} />
      </Card.Header>
      <Card.Body>
        {log.isError ? (
          <Alert
            variant="danger"
            className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-0"
          >
            <span>{errorMessage}</span>
            <Button variant="outline-danger" size="sm" onClick={() => void log.refetch()}>
              {t('machineLogs.errors.retry')}
            </Button>
          </Alert>
        ) : !log.data || !kind ? (
          <LoadingSpinner label={t('machineLogs.loading')} />
        ) : (
          <>
            {kind === 'statistics' && (
              <Suspense fallback={<LoadingSpinner label={t('machineLogs.chart.loading')} />}>
                <StatisticsChart table={log.data.table} />
              </Suspense>
            )}
            {overdue !== undefined && overdue.size > 0 && (
              <Alert variant="warning" className="py-2">
                <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
                {t('machineLogs.maintenance.overdueSummary', { count: overdue.size })}
              </Alert>
            )}
            {log.data.table.rows.length === 0 && (
              <p className="text-body-secondary">{t('machineLogs.empty')}</p>
            )}
            <LogTable
              table={log.data.table}
              label={t(
                kind === 'statistics' ? 'machineLogs.statistics.table' : 'machineLogs.maintenance.table',
              )}
              overdue={overdue}
            />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
