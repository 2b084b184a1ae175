import type { Page } from '@portal/contract';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  type Row as TanstackRow,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Form, Pagination } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CaptionedTable, type TableColumn } from './captioned-table';

/** What a server-paged list is asked for (the contract's page query). */
export interface TableQuery<Sort extends string = string> {
  page: number;
  pageSize: number;
  sort: Sort;
  order: 'asc' | 'desc';
  q?: string;
}

/** The query state of one table, starting sorted by `sort` ascending. */
export function useTableQuery<Sort extends string>(sort: Sort, pageSize = 25) {
  return useState<TableQuery<Sort>>({ page: 1, pageSize, sort, order: 'asc' });
}

export interface DataTableProps<Row, Sort extends string> {
  /** The table's caption and the name of its scroll region. */
  label: string;
  /** Column ids of sortable columns must be sort keys of the list's query. */
  columns: ColumnDef<Row, unknown>[];
  page: Page<Row> | undefined;
  query: TableQuery<Sort>;
  onQueryChange: (query: TableQuery<Sort>) => void;
  /** Buttons beside the filter (create…). */
  toolbar?: ReactNode;
  isError?: boolean;
  getRowId?: (row: Row) => string;
}

/** Waits until typing pauses before filtering, so each keystroke is not a request. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const handle = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(handle);
  }, [value, ms]);
  return debounced;
}

/**
 * A list the server pages, sorts and filters (TanStack Table in manual mode over react-bootstrap):
 * clicking a sortable header sorts by it, again reverses; the filter box searches on the server.
 */
export function DataTable<Row, Sort extends string>({
  label,
  columns,
  page,
  query,
  onQueryChange,
  toolbar,
  isError = false,
  getRowId,
}: DataTableProps<Row, Sort>) {
  const { t } = useTranslation();
  const filterId = useId();
  const [filter, setFilter] = useState(query.q ?? '');
  const debouncedFilter = useDebounced(filter, 300);
  useEffect(() => {
    const q = debouncedFilter.trim() || undefined;
    if (q !== query.q) onQueryChange({ ...query, q, page: 1 });
  }, [debouncedFilter, query, onQueryChange]);

  const sorting: SortingState = [{ id: query.sort, desc: query.order === 'desc' }];
  const table = useReactTable({
    data: page?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first)
        onQueryChange({ ...query, sort: first.id as Sort, order: first.desc ? 'desc' : 'asc', page: 1 });
    },
    ...(getRowId && { getRowId }),
  });
  // The TanStack table decides headers, sorting and cells; the captioned table draws them.
  const viewColumns: TableColumn<TanstackRow<Row>>[] = table.getFlatHeaders().map((header, position) => {
    const { column } = header;
    return {
      id: header.id,
      header: flexRender(column.columnDef.header, header.getContext()),
      headerClassName: 'text-nowrap',
      cell: (row) => {
        const cell = row.getVisibleCells()[position];
        return cell && flexRender(cell.column.columnDef.cell, cell.getContext());
      },
      ...(column.getCanSort() && {
        sort: { direction: column.getIsSorted(), onSort: () => column.toggleSorting() },
      }),
    };
  });
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const goTo = (target: number) => onQueryChange({ ...query, page: Math.min(Math.max(1, target), pages) });

  return (
    <div>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <Form.Group controlId={filterId} className="me-auto">
          <Form.Label className="visually-hidden">{t('table.filter')}</Form.Label>
          <Form.Control
            type="search"
            placeholder={t('table.filter')}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
          />
        </Form.Group>
        {toolbar}
      </div>
      <CaptionedTable
        caption={label}
        columns={viewColumns}
        rows={page && table.getRowModel().rows}
        rowKey={(row) => row.id}
        isError={isError}
        striped
        hover
      />
      {page && (
        <nav className="d-flex flex-wrap align-items-center gap-3" aria-label={t('table.pages', { label })}>
          <span className="text-body-secondary small">{t('table.total', { count: page.total })}</span>
          <Pagination className="mb-0 ms-auto" size="sm">
            <Pagination.Prev disabled={query.page <= 1} onClick={() => goTo(query.page - 1)}>
              {t('table.previous')}
            </Pagination.Prev>
            <Pagination.Item active aria-current="page">
              {t('table.pageOf', { page: query.page, pages })}
            </Pagination.Item>
            <Pagination.Next disabled={query.page >= pages} onClick={() => goTo(query.page + 1)}>
              {t('table.next')}
            </Pagination.Next>
          </Pagination>
        </nav>
      )}
    </div>
  );
}
