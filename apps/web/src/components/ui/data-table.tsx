import type { Page } from '@portal/contract';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Button, Form, Pagination, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from './scroll-region';

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
      <ScrollRegion label={label}>
        <Table striped hover className="align-middle" aria-busy={!page}>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                      className="text-nowrap"
                    >
                      {header.column.getCanSort() ? (
                        <Button
                          variant="link"
                          className="p-0 text-body fw-semibold text-decoration-none"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {title}
                          <i
                            className={`bi ms-1 ${sorted === 'asc' ? 'bi-sort-up' : sorted === 'desc' ? 'bi-sort-down' : 'bi-arrow-down-up text-body-secondary'}`}
                            aria-hidden="true"
                          />
                        </Button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {!page && !isError && (
              <tr>
                <td colSpan={columns.length}>
                  <Placeholder as="div" animation="glow" aria-hidden="true">
                    <Placeholder xs={12} />
                  </Placeholder>
                  <span className="visually-hidden">{t('common.loading')}</span>
                </td>
              </tr>
            )}
            {isError && (
              <tr>
                <td colSpan={columns.length} className="text-danger-emphasis">
                  {t('table.loadError')}
                </td>
              </tr>
            )}
            {page?.items.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="text-body-secondary">
                  {t('table.empty')}
                </td>
              </tr>
            )}
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
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
