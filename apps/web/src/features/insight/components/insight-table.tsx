import type { FleetInsight, InsightFigures } from '@portal/contract';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { formatNumber, formatUtilisation } from '../lib/insight-terms';

/** The figure cells of a row, in the header's order. */
function FigureCells({ figures }: { figures: InsightFigures }) {
  const lang = useLanguage();
  return (
    <>
      <td className="text-end">{formatNumber(figures.printHours, lang)}</td>
      <td className="text-end">{formatUtilisation(figures.utilisation, lang)}</td>
      <td className="text-end">{figures.jobs}</td>
      <td className="text-end">{figures.completed}</td>
      <td className="text-end">{figures.cancelled}</td>
      <td className="text-end">{figures.interrupted}</td>
      <td className="text-end">{formatNumber(figures.filamentMetres, lang, 2)}</td>
    </>
  );
}

/** Each machine's figures over the period, and the fleet's below them. */
export function InsightTable({ insight }: { insight: FleetInsight }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const caption = t('insight.table.caption');
  const figures = [
    t('insight.table.printHours'),
    t('insight.table.utilisation'),
    t('insight.table.jobs'),
    t('insight.outcomes.completed'),
    t('insight.outcomes.cancelled'),
    t('insight.outcomes.interrupted'),
    t('insight.table.filament'),
  ];
  return (
    <ScrollRegion label={caption}>
      <Table striped hover size="sm" className="mb-0 align-middle">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('insight.table.machine')}</th>
            <th scope="col">{t('insight.table.business')}</th>
            <th scope="col">{t('insight.table.location')}</th>
            {figures.map((label) => (
              <th key={label} scope="col" className="text-end">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {insight.machines.map((machine) => (
            <tr key={machine.machine}>
              <th scope="row" className="fw-normal">
                <Link to={paths.machine.getHref(lang, machine.machine)}>{machine.name}</Link>
              </th>
              <td>{machine.businessName}</td>
              <td>{machine.location}</td>
              <FigureCells figures={machine.total} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row" colSpan={3}>
              {t('insight.table.fleet')}
            </th>
            <FigureCells figures={insight.total} />
          </tr>
        </tfoot>
      </Table>
    </ScrollRegion>
  );
}
