import { Badge, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { CsvTable } from '../lib/csv-table';

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
 * A CSV file as a table (specification section 2): its header row stays in view while the body scrolls
 * within at most 70 percent of the viewport's height.
 */
export function LogTable({ table, label, overdue }: LogTableProps) {
  const { t } = useTranslation();
  return (
    <section
      className="overflow-auto border rounded"
      style={{ maxHeight: '70vh' }}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <Table striped hover size="sm" className="mb-0 text-nowrap">
        <caption className="visually-hidden">{label}</caption>
        <thead className="sticky-top">
          <tr>
            {overdue && <th scope="col">{t('machineLogs.maintenance.status')}</th>}
            {table.header.map((name, column) => (
              // A CSV header may repeat a name: its position is what identifies a column.
              // biome-ignore lint/suspicious/noArrayIndexKey: columns never move
              <th key={column} scope="col">
                {name}
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
                className={isOverdue ? 'table-danger' : undefined}
                data-overdue={isOverdue || undefined}
              >
                {overdue && (
                  <td>
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
                {table.header.map((_name, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the header's columns
                  <td key={column}>{row[column] ?? ''}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </section>
  );
}
