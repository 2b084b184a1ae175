import { useMemo } from 'react';
import { Badge, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
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
  return (
    <section
      className="overflow-auto border rounded"
      style={{ maxHeight: '70vh' }}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <Table striped hover size="sm" className="mb-0">
        <caption className="visually-hidden">{label}</caption>
        <thead className="sticky-top">
          <tr>
            {overdue && (
              <th scope="col" className="text-nowrap">
                {t('machineLogs.maintenance.status')}
              </th>
            )}
            {columns.map(({ id, name, labelKey, kind }) => (
              <th key={id} scope="col" className={kind === 'number' ? 'text-end' : undefined}>
                {labelKey ? t(labelKey) : name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => {
            const isOverdue = overdue?.has(index) ?? false;
            return (
              <tr
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file have no identity but their place
                key={index}
                className={isOverdue ? 'log-overdue' : undefined}
                data-overdue={isOverdue || undefined}
              >
                {overdue && (
                  <td className="text-nowrap">
                    {isOverdue ? (
                      <Badge bg="danger">
                        <i className="bi bi-exclamation-triangle-fill me-1" aria-hidden="true" />
                        {t('machineLogs.maintenance.overdue')}
                      </Badge>
                    ) : (
                      <span className="text-body-secondary">
                        <i className="bi bi-check-circle me-1" aria-hidden="true" />
                        {t('machineLogs.maintenance.inOrder')}
                      </span>
                    )}
                  </td>
                )}
                {columns.map(({ id, kind }, column) => (
                  <td key={id} className={cellClass(kind)}>
                    {formatCell(row[column] ?? '', kind, cellFormat)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </section>
  );
}
