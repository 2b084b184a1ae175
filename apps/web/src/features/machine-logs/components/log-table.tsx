import { useMemo } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CaptionedTable, type TableColumn } from '../../../components/ui/captioned-table';
import type { CsvTable } from '../lib/csv-table';
import { type ColumnKind, describeColumn, formatCell, type OutcomeKey } from '../lib/log-terms';

/**
 * Long free text wraps and headers may take two lines, so every column stays in view on a laptop; other cells
 * keep to one line, numbers aligned on the right.
 */
const cellClass = (kind: ColumnKind) =>
  kind === 'longText' ? 'log-long-text' : kind === 'number' ? 'text-nowrap text-end' : 'text-nowrap';

export interface LogTableProps {
  table: CsvTable;
  /** The table's caption and the name of its scrolling region. */
  label: string;
  /**
   * Maintenance files with counters: the indexes of overdue rows. They get a status column with a worded
   * badge and an icon, so the highlight never rests on colour alone.
   */
  overdue?: ReadonlySet<number> | undefined;
}

/**
 * A CSV file as a table (docs/product.md §2): its header row stays in view while the body scrolls
 * within at most 70 percent of the viewport's height.
 */
export function LogTable({ table, label, overdue }: LogTableProps) {
  const { t, i18n } = useTranslation();
  // A CSV header may repeat a name: its position is what identifies a column.
  const columns = useMemo(
    () => table.header.map((name, position) => ({ ...describeColumn(name), name, id: String(position) })),
    [table.header],
  );
  const cellFormat = { language: i18n.language, translate: (key: OutcomeKey) => t(key) };
  const statusColumn: TableColumn<readonly string[]> = {
    id: 'status',
    header: t('machineLogs.maintenance.status'),
    className: 'text-nowrap',
    cell: (_row, index) =>
      overdue?.has(index) ? (
        <Badge bg="danger">
          <i className="bi bi-exclamation-triangle-fill me-1" aria-hidden="true" />
          {t('machineLogs.maintenance.overdue')}
        </Badge>
      ) : (
        <span className="text-body-secondary">
          <i className="bi bi-check-circle me-1" aria-hidden="true" />
          {t('machineLogs.maintenance.inOrder')}
        </span>
      ),
  };
  const fileColumns = columns.map(
    ({ id, name, labelKey, kind }, column): TableColumn<readonly string[]> => ({
      id,
      header: labelKey ? t(labelKey) : name,
      headerClassName: kind === 'number' ? 'text-end' : undefined,
      cellClassName: cellClass(kind),
      cell: (row) => formatCell(row[column] ?? '', kind, cellFormat),
    }),
  );
  return (
    <CaptionedTable
      caption={label}
      columns={overdue ? [statusColumn, ...fileColumns] : fileColumns}
      rows={table.rows}
      // Rows of a file have no identity but their place.
      rowKey={(_row, index) => index}
      // The card says when the file has no rows.
      empty={false}
      rowProps={(_row, index) => {
        const isOverdue = overdue?.has(index) ?? false;
        return { className: isOverdue ? 'log-overdue' : undefined, 'data-overdue': isOverdue || undefined };
      }}
      striped
      hover
      small
      tall
      className="mb-0"
    />
  );
}
