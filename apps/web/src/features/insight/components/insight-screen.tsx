import {
  type FleetInsight,
  type FleetInsightQuery,
  INSIGHT_FIRST_DAY,
  INSIGHT_LAST_DAY,
  INSIGHT_MAX_DAYS,
  insightPeriod,
} from '@portal/contract';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { useBusinessChoices } from '../../../lib/choices';
import { useLanguage } from '../../../lib/use-language';
import { useExportInsight } from '../api/export-insight';
import { useInsight } from '../api/get-insight';
import { formatDay, formatNumber, formatUtilisation } from '../lib/insight-terms';
import { InsightTable } from './insight-table';

// Chart.js is fetched only when a screen with charts shows, never with the rest of the app.
const InsightCharts = lazy(() => import('./insight-charts'));

/** The default period (the last twelve weeks up to today, UTC), as the server would choose it. */
const defaultPeriod = () => {
  const resolved = insightPeriod({}, new Date());
  return resolved.ok ? resolved.period : { from: '', to: '' };
};

function Loading({ label }: { label: string }) {
  return (
    <div className="d-flex justify-content-center py-4">
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}

/** The fleet's figures over the period at a glance. */
function Totals({ insight }: { insight: FleetInsight }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const items = [
    [t('insight.totals.utilisation'), formatUtilisation(insight.total.utilisation, lang)],
    [t('insight.totals.printHours'), formatNumber(insight.total.printHours, lang)],
    [t('insight.totals.jobs'), formatNumber(insight.total.jobs, lang)],
    [t('insight.totals.filament'), formatNumber(insight.total.filamentMetres, lang, 2)],
  ] as const;
  return (
    // A definition list's groups are its direct children: the frame is the list's own.
    <dl className="row row-cols-2 row-cols-md-4 gy-2 mx-0 mb-4 py-2 border rounded">
      {items.map(([label, value]) => (
        <div key={label} className="col">
          <dt className="small text-body-secondary fw-normal">{label}</dt>
          <dd className="h4 mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface InsightScreenProps {
  /** An administrator's business filter (every business); a manager sees their own business only. */
  canFilterBusiness: boolean;
}

/**
 * Fleet insight (docs/design.md §12): the period (the last twelve weeks unless chosen) and the filters, the fleet's
 * totals, charts of utilisation, outcomes and filament per week, a table per machine, and the CSV of it all.
 */
export function InsightScreen({ canFilterBusiness }: InsightScreenProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const ids = { from: useId(), to: useId(), business: useId(), location: useId(), error: useId() };
  const initial = useMemo(defaultPeriod, []);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [business, setBusiness] = useState('');
  const [location, setLocation] = useState('');
  const businesses = useBusinessChoices({ enabled: canFilterBusiness });

  const problem = useMemo(() => {
    if (!from || !to) return t('insight.errors.missingDay');
    for (const day of [from, to]) {
      if (day < INSIGHT_FIRST_DAY || day > INSIGHT_LAST_DAY)
        return t('insight.errors.outOfRange', {
          first: formatDay(INSIGHT_FIRST_DAY, lang),
          last: formatDay(INSIGHT_LAST_DAY, lang),
        });
    }
    const resolved = insightPeriod({ from, to }, new Date());
    if (resolved.ok) return undefined;
    return resolved.error.code === 'tooLarge'
      ? t('insight.errors.tooLong', { max: INSIGHT_MAX_DAYS })
      : t('insight.errors.backwards');
  }, [from, to, t, lang]);

  const query: FleetInsightQuery & { from: string; to: string } = {
    from,
    to,
    ...(business && { business }),
    ...(location && { location }),
  };
  const insight = useInsight(query, { enabled: problem === undefined });
  const exporting = useExportInsight();
  const data = insight.data;
  const locations = data?.locations ?? [];

  return (
    <>
      <p className="text-body-secondary">{t('insight.intro')}</p>
      <Form
        className="d-flex flex-wrap gap-3 align-items-end mb-2"
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        <Form.Group controlId={ids.from}>
          <Form.Label>{t('insight.filters.from')}</Form.Label>
          <Form.Control
            type="date"
            value={from}
            min={INSIGHT_FIRST_DAY}
            max={INSIGHT_LAST_DAY}
            isInvalid={problem !== undefined}
            aria-describedby={problem === undefined ? undefined : ids.error}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
        </Form.Group>
        <Form.Group controlId={ids.to}>
          <Form.Label>{t('insight.filters.to')}</Form.Label>
          <Form.Control
            type="date"
            value={to}
            min={INSIGHT_FIRST_DAY}
            max={INSIGHT_LAST_DAY}
            isInvalid={problem !== undefined}
            aria-describedby={problem === undefined ? undefined : ids.error}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
        </Form.Group>
        {canFilterBusiness && (
          <Form.Group controlId={ids.business}>
            <Form.Label>{t('insight.filters.business')}</Form.Label>
            <Form.Select
              value={business}
              onChange={(event) => {
                setBusiness(event.currentTarget.value);
                // Another business has other locations.
                setLocation('');
              }}
            >
              <option value="">{t('insight.filters.allBusinesses')}</option>
              {(businesses.data ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <Form.Group controlId={ids.location}>
          <Form.Label>{t('insight.filters.location')}</Form.Label>
          <Form.Select value={location} onChange={(event) => setLocation(event.currentTarget.value)}>
            <option value="">{t('insight.filters.allLocations')}</option>
            {/* The chosen location stays a choice while an answer without it loads; '' is every location. */}
            {[...new Set([...locations, location])]
              .filter((item) => item !== '')
              .map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
          </Form.Select>
        </Form.Group>
        <Button
          variant="outline-secondary"
          onClick={() => {
            setFrom(initial.from);
            setTo(initial.to);
          }}
        >
          {t('insight.filters.lastWeeks')}
        </Button>
        <BusyButton
          variant="primary"
          busy={exporting.isPending}
          disabled={problem !== undefined}
          onClick={() => exporting.mutate(query)}
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          {t('insight.download')}
        </BusyButton>
      </Form>
      <div id={ids.error} className="mb-3" aria-live="polite">
        {problem !== undefined && <div className="invalid-feedback d-block">{problem}</div>}
      </div>

      {insight.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{t('insight.errors.load')}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void insight.refetch()}>
            {t('insight.retry')}
          </Button>
        </Alert>
      ) : !data ? (
        problem === undefined && <Loading label={t('common.loading')} />
      ) : (
        <>
          <h2 className="h5 mb-3" data-testid="insight-period">
            {t('insight.period', { from: formatDay(data.from, lang), to: formatDay(data.to, lang) })}
          </h2>
          <Totals insight={data} />
          {data.machines.length === 0 ? (
            <p className="text-body-secondary">{t('insight.empty')}</p>
          ) : (
            <>
              <Suspense fallback={<Loading label={t('insight.charts.loading')} />}>
                <InsightCharts insight={data} />
              </Suspense>
              <InsightTable insight={data} />
              <p className="small text-body-secondary mt-2">{t('insight.filamentNote')}</p>
            </>
          )}
        </>
      )}
    </>
  );
}
