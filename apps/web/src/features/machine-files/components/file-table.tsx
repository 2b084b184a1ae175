import type { ReactElement, ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/ui/captioned-table';
import { formatDateTimeParts, formatFileSize } from '../../../lib/format';
import { parseBoardDate } from '../lib/board-date';
import type { BoardEntry, FileSort, SortColumn } from '../lib/file-sort';

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

/** A board date as every date of the app is written, its day and its time each kept whole where the column wraps. */
function BoardDate({ value, language }: { value: string | undefined; language: string }) {
  const date = parseBoardDate(value);
  const parts = date && formatDateTimeParts(date, language);
  if (!parts) return null;
  // The board's own local time stays machine-readable beside the words (the board names no time zone).
  return (
    <time dateTime={value}>
      <span className="text-nowrap">{parts.day}</span> <span className="text-nowrap">{parts.time}</span>
    </time>
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
  const sortBy = (column: SortColumn) => ({
    direction: sort?.column === column ? sort.direction : (false as const),
    onSort: () => onSort(column),
  });
  const sizeOf = (entry: BoardEntry) => (entry.type === 'd' ? '' : formatFileSize(entry.size, i18n.language));
  return (
    <CaptionedTable
      caption={caption}
      columns={[
        {
          id: 'type',
          header: t('files.columns.type'),
          headerHidden: true,
          width: '2.5rem',
          cell: (entry) => (
            <i
              className={`bi ${entry.type === 'd' ? 'bi-folder-fill text-warning' : 'bi-file-earmark'}`}
              role="img"
              aria-label={entry.type === 'd' ? t('files.folder') : t('files.file')}
            />
          ),
        },
        {
          id: 'name',
          header: t('files.columns.name'),
          sort: sortBy('name'),
          cellClassName: 'file-name',
          cell: (entry) =>
            entry.type === 'd' ? (
              <Button variant="link" className="p-0 text-start" onClick={() => onOpenFolder(entry.name)}>
                {entry.name}
              </Button>
            ) : (
              <>
                <span>{entry.name}</span>
                <span className="d-block small text-body-secondary d-sm-none">{sizeOf(entry)}</span>
              </>
            ),
        },
        {
          id: 'date',
          header: t('files.columns.date'),
          sort: sortBy('date'),
          cellClassName: 'file-date',
          cell: (entry) => <BoardDate value={entry.date} language={i18n.language} />,
        },
        {
          id: 'size',
          header: t('files.columns.size'),
          className: 'text-end',
          cellClassName: 'file-size text-nowrap',
          hideOnPhone: true,
          cell: sizeOf,
        },
      ]}
      rows={entries}
      rowKey={(entry) => `${entry.type}:${entry.name}`}
      notice={placeholder}
      wrapRow={renderRow}
      actions={{ label: t('files.columns.actions'), className: 'text-nowrap', cell: renderActions }}
      leadingRows={
        canGoUp && (
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
        )
      }
      hover
      className="mb-0"
    />
  );
}
