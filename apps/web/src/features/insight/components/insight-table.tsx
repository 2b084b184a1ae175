import type { FleetInsight, InsightFigures } from '@portal/contract';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CaptionedTable, type TableColumn } from '../../../components/ui/captioned-table';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { formatNumber, formatUtilisation } from '../lib/insight-terms';

/** A figure column: its header's catalog key and how a row's figure shows. */
interface Figure {
  key: string;
  label: ParseKeys;
  value: (figures: InsightFigures, language: string) => ReactNode;
}

/** The figure columns, in the header's order. */
const FIGURES: readonly Figure[] = [
  {
    key: 'printHours',
    label: 'insight.table.printHours',
    value: (f, lang) => formatNumber(f.printHours, lang),
  },
  {
    key: 'utilisation',
    label: 'insight.table.utilisation',
    value: (f, lang) => formatUtilisation(f.utilisation, lang),
  },
  { key: 'jobs', label: 'insight.table.jobs', value: (f) => f.jobs },
  { key: 'completed', label: 'insight.outcomes.completed', value: (f) => f.completed },
  { key: 'cancelled', label: 'insight.outcomes.cancelled', value: (f) => f.cancelled },
  { key: 'interrupted', label: 'insight.outcomes.interrupted', value: (f) => f.interrupted },
  {
    key: 'filament',
    label: 'insight.table.filament',
    value: (f, lang) => formatNumber(f.filamentMetres, lang, 2),
  },
];

/** Each machine's figures over the period, and the fleet's below them. */
export function InsightTable({ insight }: { insight: FleetInsight }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const caption = t('insight.table.caption');
  return (
    <CaptionedTable
      caption={caption}
      columns={[
        {
          id: 'machine',
          header: t('insight.table.machine'),
          rowHeader: true,
          cellClassName: 'fw-normal',
          cell: (machine) => <Link to={paths.machine.getHref(lang, machine.machine)}>{machine.name}</Link>,
        },
        { id: 'business', header: t('insight.table.business'), cell: (machine) => machine.businessName },
        { id: 'location', header: t('insight.table.location'), cell: (machine) => machine.location },
        ...FIGURES.map(
          ({ key, label, value }): TableColumn<FleetInsight['machines'][number]> => ({
            id: key,
            header: t(label),
            className: 'text-end',
            cell: (machine) => value(machine.total, lang),
          }),
        ),
      ]}
      rows={insight.machines}
      rowKey={(machine) => machine.machine}
      footer={
        <tr className="fw-semibold">
          <th scope="row" colSpan={3}>
            {t('insight.table.fleet')}
          </th>
          {FIGURES.map(({ key, value }) => (
            <td key={key} className="text-end">
              {value(insight.total, lang)}
            </td>
          ))}
        </tr>
      }
      striped
      hover
      small
      className="mb-0"
    />
  );
}
