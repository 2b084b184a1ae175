import type { FleetInsight } from '@portal/contract';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { type ReactNode, useMemo } from 'react';
import { Col, Row } from 'react-bootstrap';
import { Bar, Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../../lib/theme-store';
import { useMediaQuery } from '../../../lib/use-media-query';
import {
  formatNumber,
  formatUtilisation,
  formatWeek,
  machineLineStyles,
  outcomeSeries,
  spansYears,
  utilisationLines,
} from '../lib/insight-terms';

// Only what line and bar charts need, so the rest of Chart.js is left out of the bundle.
ChartJS.register(BarElement, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);
// Labels in the page's own typeface rather than Chart.js's Helvetica default.
ChartJS.defaults.font.family = getComputedStyle(document.body).fontFamily;

/** The current colour mode's value of a Bootstrap CSS variable (data-bs-theme on <html> decides it). */
const cssColour = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * A chart under its title (and what its measure is, where the axis has room for its short name only); the chart
 * itself is an image named by a sentence saying what it shows.
 */
function ChartFigure({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <figure className="mb-0">
      <figcaption className="h6">
        {title}
        {note && <span className="d-block small fw-normal text-body-secondary mt-1">{note}</span>}
      </figcaption>
      <div className="position-relative" style={{ height: '16rem' }}>
        {children}
      </div>
    </figure>
  );
}

/**
 * The insight's charts: utilisation per week (the fleet and each machine), the fleet's job outcomes per week and
 * its filament per week. Its own module, loaded lazily: Chart.js reaches the browser only with the screens that
 * draw charts.
 */
export default function InsightCharts({ insight }: { insight: FleetInsight }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const theme = useTheme();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  // The theme is a dependency: the colours are re-read from CSS, and the machines' lines chosen, when it changes.
  const charts = useMemo(() => {
    const text = cssColour('--bs-body-color');
    const grid = cssColour('--bs-border-color');
    const axis = (title: string) => ({
      ticks: { color: text },
      grid: { color: grid },
      title: { display: true, text: title, color: text },
    });
    const common = {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? (false as const) : undefined,
      plugins: { legend: { labels: { color: text } } },
    };
    const labels = insight.weeks.map((week) => formatWeek(week, language, spansYears(insight.weeks)));
    const weekAxis = axis(t('insight.charts.weekAxis'));

    const utilisation: ChartOptions<'line'> = {
      ...common,
      scales: { x: weekAxis, y: { ...axis(t('insight.charts.utilisation.axis')), beginAtZero: true } },
    };
    // The fleet's line in the body colour, thick; each machine's in a colour of its own.
    const styles = machineLineStyles(insight.machines.length, theme);
    const lines = utilisationLines(insight, t('insight.charts.fleet')).map((line, index) => {
      const style = index === 0 ? { colour: text, dash: [] } : styles[index - 1];
      return {
        label: line.name,
        data: line.percent,
        borderColor: style?.colour,
        backgroundColor: style?.colour,
        borderWidth: index === 0 ? 3 : 1.5,
        borderDash: style?.dash,
        spanGaps: false,
      };
    });

    const stacked: ChartOptions<'bar'> = {
      ...common,
      scales: {
        x: { ...weekAxis, stacked: true },
        // Whole jobs only on the axis.
        y: {
          ...axis(t('insight.charts.outcomes.axis')),
          ticks: { color: text, precision: 0 },
          stacked: true,
          beginAtZero: true,
        },
      },
    };
    const outcomes = outcomeSeries(insight);
    const outcomeBars = (
      [
        ['completed', '--bs-success'],
        ['cancelled', '--bs-warning'],
        ['interrupted', '--bs-danger'],
      ] as const
    ).map(([outcome, variable]) => ({
      label: t(`insight.outcomes.${outcome}`),
      data: outcomes[outcome],
      backgroundColor: cssColour(variable),
      borderColor: cssColour(variable),
    }));

    const filament: ChartOptions<'bar'> = {
      ...common,
      plugins: { legend: { display: false } },
      scales: { x: weekAxis, y: { ...axis(t('insight.charts.filament.axis')), beginAtZero: true } },
    };
    const filamentBars = [
      {
        label: t('insight.charts.filament.axis'),
        data: insight.fleet.map((week) => week.filamentMetres),
        backgroundColor: cssColour('--bs-info'),
        borderColor: cssColour('--bs-info'),
      },
    ];
    return {
      utilisation: { options: utilisation, data: { labels, datasets: lines } },
      outcomes: { options: stacked, data: { labels, datasets: outcomeBars } },
      filament: { options: filament, data: { labels, datasets: filamentBars } },
    };
  }, [insight, theme, reducedMotion, t, language]);

  const span = {
    first: formatWeek(insight.weeks[0] ?? insight.from, language, true),
    last: formatWeek(insight.weeks[insight.weeks.length - 1] ?? insight.to, language, true),
  };
  const summaries = {
    utilisation: t('insight.charts.utilisation.summary', {
      ...span,
      utilisation: formatUtilisation(insight.total.utilisation, language),
    }),
    outcomes: t('insight.charts.outcomes.summary', {
      ...span,
      completed: insight.total.completed,
      cancelled: insight.total.cancelled,
      interrupted: insight.total.interrupted,
    }),
    filament: t('insight.charts.filament.summary', {
      ...span,
      metres: formatNumber(insight.total.filamentMetres, language, 2),
    }),
  };

  return (
    <Row xs={1} xl={3} className="g-4 mb-4">
      <Col>
        <ChartFigure
          title={t('insight.charts.utilisation.title')}
          note={t('insight.charts.utilisation.measure')}
        >
          <Line
            role="img"
            aria-label={summaries.utilisation}
            options={charts.utilisation.options}
            data={charts.utilisation.data}
            fallbackContent={summaries.utilisation}
          />
        </ChartFigure>
      </Col>
      <Col>
        <ChartFigure title={t('insight.charts.outcomes.title')}>
          <Bar
            role="img"
            aria-label={summaries.outcomes}
            options={charts.outcomes.options}
            data={charts.outcomes.data}
            fallbackContent={summaries.outcomes}
          />
        </ChartFigure>
      </Col>
      <Col>
        <ChartFigure title={t('insight.charts.filament.title')}>
          <Bar
            role="img"
            aria-label={summaries.filament}
            options={charts.filament.options}
            data={charts.filament.data}
            fallbackContent={summaries.filament}
          />
        </ChartFigure>
      </Col>
    </Row>
  );
}
