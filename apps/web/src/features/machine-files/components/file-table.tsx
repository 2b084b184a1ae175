import { Fragment, type ReactElement, type ReactNode } from 'react';
import { Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatBoardDate } from '../lib/board-date';
import type { BoardEntry, FileSort, SortColumn } from '../lib/file-sort';
import { formatFileSize } from '../lib/file-units';

export interface FileTableProps {
  /** The caption: which folder this is. */
  caption: string;
  entries: readonly BoardEntry[];
  sort: FileSort;
  onSort: (column: SortColumn) => void;
  /** Shows the '..' row (the folder is below the root). */
  canGoUp: boolean;
  onGoUp: () => void;
  onOpenFolder: (name: string) => void;
  /** The actions cell of a row (download, the row's menu). */
  renderActions: (entry: BoardEntry) => ReactNode;
  /** Wraps a row, e.g. to give it a context menu. */
  renderRow?: (entry: BoardEntry, row: ReactElement) => ReactNode;
  /** Shown instead of the rows when there is nothing to list (loading, empty, failed). */
  placeholder?: ReactNode;
}

function SortHeader({
  column,
  label,
  sort,
  onSort,
}: { column: SortColumn; label: string } & Pick<FileTableProps, 'sort' | 'onSort'>) {
  const direction = sort?.column === column ? sort.direction : undefined;
  const icon =
    direction === 'asc'
      ? 'bi-sort-up'
      : direction === 'desc'
        ? 'bi-sort-down'
        : 'bi-arrow-down-up text-body-secondary';
  return (
    <th scope="col" aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Button
        variant="link"
        className="p-0 fw-semibold text-reset text-decoration-none"
        onClick={() => onSort(column)}
      >
        {label}
        <i className={`bi ms-1 ${icon}`} aria-hidden="true" />
      </Button>
    </th>
  );
}

/** A board date as its day and its time, each kept whole where the column wraps them. */
function BoardDate({ value }: { value: string | undefined }) {
  const [day, time] = formatBoardDate(value).split(' ');
  if (!day) return null;
  return (
    <>
      <span className="text-nowrap">{day}</span> <span className="text-nowrap">{time}</span>
    </>
  );
}

/**
 * A board folder: folders and files with icon, name, date and size (files only); name and date headers sort. On a
 * phone the size goes under the name, so the row keeps its room for the name.
 */
export function FileTable({
  caption,
  entries,
  sort,
  onSort,
  canGoUp,
  onGoUp,
  onOpenFolder,
  renderActions,
  renderRow = (_entry, row) => row,
  placeholder,
}: FileTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <Table hover responsive className="align-middle mb-0">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" style={{ width: '2.5rem' }}>
            <span className="visually-hidden">{t('files.columns.type')}</span>
          </th>
          <SortHeader column="name" label={t('files.columns.name')} sort={sort} onSort={onSort} />
          <SortHeader column="date" label={t('files.columns.date')} sort={sort} onSort={onSort} />
          <th scope="col" className="text-end d-none d-sm-table-cell">
            {t('files.columns.size')}
          </th>
          <th scope="col" className="text-end">
            <span className="visually-hidden">{t('files.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {canGoUp && (
          <tr>
            <td>
              <i className="bi bi-arrow-90deg-up" aria-hidden="true" />
            </td>
            <td colSpan={4}>
              <Button variant="link" className="p-0" onClick={onGoUp} aria-label={t('files.upLabel')}>
                {t('files.up')}
              </Button>
            </td>
          </tr>
        )}
        {placeholder ? (
          <tr>
            <td colSpan={5} className="text-body-secondary">
              {placeholder}
            </td>
          </tr>
        ) : (
          entries.map((entry) => {
            const isFolder = entry.type === 'd';
            const size = isFolder ? '' : formatFileSize(entry.size, i18n.language);
            const row = (
              <tr>
                <td>
                  <i
                    className={`bi ${isFolder ? 'bi-folder-fill text-warning' : 'bi-file-earmark'}`}
                    role="img"
                    aria-label={isFolder ? t('files.folder') : t('files.file')}
                  />
                </td>
                <td className="file-name">
                  {isFolder ? (
                    <Button
                      variant="link"
                      className="p-0 text-start"
                      onClick={() => onOpenFolder(entry.name)}
                    >
                      {entry.name}
                    </Button>
                  ) : (
                    <>
                      <span>{entry.name}</span>
                      <span className="d-block small text-body-secondary d-sm-none">{size}</span>
                    </>
                  )}
                </td>
                <td className="file-date">
                  <BoardDate value={entry.date} />
                </td>
                <td className="file-size text-end text-nowrap d-none d-sm-table-cell">{size}</td>
                <td className="text-end text-nowrap">{renderActions(entry)}</td>
              </tr>
            );
            return <Fragment key={`${entry.type}:${entry.name}`}>{renderRow(entry, row)}</Fragment>;
          })
        )}
      </tbody>
    </Table>
  );
}
