import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../../lib/theme-store';
import { useMediaQuery } from '../../../lib/use-media-query';
import type { CsvTable } from '../lib/csv-table';
import { formatWeek, outcomeKey } from '../lib/log-terms';
import { statisticsChartData } from '../lib/statistics-chart-data';

// Only what a bar chart needs, so the rest of Chart.js is left out of the bundle.
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);
// Labels in the page's own typeface rather than Chart.js's Helvetica default.
ChartJS.defaults.font.family = getComputedStyle(document.body).fontFamily;

/** Bootstrap's theme colours for the series, in order: completed jobs first appear first in a log. */
const SERIES_COLOURS = [
  '--bs-success',
  '--bs-warning',
  '--bs-danger',
  '--bs-info',
  '--bs-primary',
  '--bs-secondary',
];

/** The current colour mode's value of a Bootstrap CSS variable (data-bs-theme on <html> decides it). */
const cssColour = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * Print hours per week, stacked by job outcome (beyond docs/product.md: the table's trend at a glance).
 * Its own module, loaded lazily: Chart.js reaches the browser only with the statistics screen.
 */
export default function StatisticsChart({ table }: { table: CsvTable }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const theme = useTheme();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const data = useMemo(() => statisticsChartData(table), [table]);

  // The theme is a dependency on purpose: the colours are re-read from CSS when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const chart = useMemo(() => {
    if (!data) return null;
    // A known outcome in the page's words; a series without an outcome column is just the print hours.
    const outcomeLabel = (outcome: string) => {
      if (!outcome) return t('machineLogs.chart.hours');
      const key = outcomeKey(outcome);
      return key ? t(key) : outcome;
    };
    const text = cssColour('--bs-body-color');
    const grid = cssColour('--bs-border-color');
    const axis = (title: string) => ({
      ticks: { color: text },
      grid: { color: grid },
      title: { display: true, text: title, color: text },
    });
    const options: ChartOptions<'bar'> = {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? false : undefined,
      plugins: { legend: { labels: { color: text } } },
      scales: {
        x: { ...axis(t('machineLogs.chart.weekAxis')), stacked: true },
        y: { ...axis(t('machineLogs.chart.hoursAxis')), stacked: true, beginAtZero: true },
      },
    };
    const datasets = data.series.map((series, index) => {
      const colour = cssColour(SERIES_COLOURS[index % SERIES_COLOURS.length] as string);
      return {
        label: outcomeLabel(series.outcome),
        data: series.hours,
        backgroundColor: colour,
        borderColor: colour,
      };
    });
    return { options, data: { labels: data.weeks.map((week) => formatWeek(week, language)), datasets } };
  }, [data, theme, reducedMotion, t, language]);

  if (!data || !chart) return null;
  const total = data.series.reduce((sum, series) => sum + series.hours.reduce((a, b) => a + b, 0), 0);
  const summary = t('machineLogs.chart.summary', {
    first: formatWeek(data.weeks[0] ?? '', language),
    last: formatWeek(data.weeks[data.weeks.length - 1] ?? '', language),
    total: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(total),
  });
  return (
    <figure className="mb-3">
      <figcaption className="h6">{t('machineLogs.chart.title')}</figcaption>
      <div className="position-relative" style={{ height: '16rem' }}>
        <Bar
          role="img"
          aria-label={summary}
          options={chart.options}
          data={chart.data}
          fallbackContent={summary}
        />
      </div>
    </figure>
  );
}
