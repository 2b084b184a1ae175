import type { ColumnDef } from '@tanstack/react-table';
import type { ParseKeys } from 'i18next';
import { Fragment, createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { CaptionedTable, type CaptionedTableProps, type TableColumn } from './captioned-table';
import { DataTable } from './data-table';

interface Machine {
  id: number;
  name: string;
  place: string;
}

const MACHINES: Machine[] = [
  { id: 1, name: 'Prusa', place: 'Lab' },
  { id: 2, name: 'Voron', place: 'Shop' },
];

const COLUMNS: TableColumn<Machine>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (machine) => machine.name },
  { id: 'place', header: 'Place', hideOnPhone: true, cell: (machine) => machine.place },
];

/** The table's markup, as the server would send it: enough to read what a screen reader is given. */
function render(props: Partial<CaptionedTableProps<Machine>>): string {
  return renderToStaticMarkup(
    h(CaptionedTable<Machine>, {
      caption: 'Machines',
      columns: COLUMNS,
      rows: MACHINES,
      rowKey: (machine) => machine.id,
      ...props,
    }),
  );
}

/** A text as React writes it in markup (an Italian apostrophe is escaped). */
const text = (key: ParseKeys, options: { count?: number; page?: number; pages?: number } = {}) =>
  i18n
    .t(key, options)
    .replaceAll('&', '&amp;')
    .replaceAll("'", '&#x27;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/** The markup parsed just enough: a DOM is not part of the unit project. */
const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0;

describe('CaptionedTable', () => {
  beforeAll(async () => {
    // The public catalog only, in the language the other tests of the worker use: texts are compared through t.
    await initI18n('it');
  });

  it('names the table and its scrolling region by the caption, hidden unless asked to show', () => {
    const hidden = render({});
    expect(hidden).toMatch(/<section[^>]*aria-label="Machines"[^>]*tabindex="0"/);
    expect(hidden).toContain('<caption class="visually-hidden">Machines</caption>');
    expect(render({ captionVisible: true })).toContain('<caption>Machines</caption>');
    expect(render({ bare: true })).not.toContain('<section');
  });

  it('draws one keyed row per item, its header cell naming the row, columns a phone leaves out marked so', () => {
    const html = render({ rowProps: (machine) => ({ 'data-testid': 'machine', 'data-id': machine.id }) });
    expect(count(html, /<tr data-testid="machine"/)).toBe(2);
    expect(html).toContain('<tr data-testid="machine" data-id="2"><th scope="row">Voron</th>');
    expect(html).toContain('<th scope="col" class="d-none d-sm-table-cell">Place</th>');
    expect(html).toContain('<td class="d-none d-sm-table-cell">Lab</td>');
  });

  it('adds an actions column whose header only screen readers read', () => {
    const html = render({
      actions: {
        label: 'Actions',
        cell: (machine) => h('button', { type: 'button' }, `Edit ${machine.name}`),
      },
    });
    expect(html).toContain(
      '<th scope="col" class="text-end"><span class="visually-hidden">Actions</span></th>',
    );
    expect(html).toContain('<td class="text-end"><button type="button">Edit Prusa</button></td>');
  });

  it('tells sortable headers by a button and aria-sort, the others by neither', () => {
    const columns: TableColumn<Machine>[] = [
      { ...COLUMNS[0], sort: { direction: 'desc', onSort: () => undefined } } as TableColumn<Machine>,
      { ...COLUMNS[1], sort: { direction: false, onSort: () => undefined } } as TableColumn<Machine>,
      { id: 'id', header: 'Id', cell: (machine) => machine.id },
    ];
    const html = render({ columns });
    expect(html).toMatch(
      /<th scope="col" aria-sort="descending"><button[^>]*>Name<i class="bi ms-1 bi-sort-down"/,
    );
    expect(html).toMatch(/<th scope="col" aria-sort="none" class="d-none d-sm-table-cell"><button/);
    expect(html).toContain('<th scope="col">Id</th>');
  });

  it('says in a row when the list loads, failed or is empty, keeping its headers', () => {
    const loading = render({ rows: undefined });
    expect(loading).toContain('aria-busy="true"');
    expect(loading).toContain(`<span class="visually-hidden">${text('common.loading')}</span>`);
    expect(render({ rows: undefined, isError: true })).toContain(
      `<td colSpan="2" class="text-danger-emphasis">${text('table.loadError')}</td>`,
    );
    expect(render({ rows: [] })).toContain(
      `<td colSpan="2" class="text-body-secondary">${text('table.empty')}</td>`,
    );
    expect(render({ rows: [], empty: 'No machine', emptyTestId: 'none' })).toContain(
      'data-testid="none">No machine</td>',
    );
    expect(render({ rows: [], empty: false })).toContain('<tbody></tbody>');
    expect(render({ notice: 'Folder missing' })).not.toContain('Prusa');
  });

  it('shows a message instead of the table, in block layout, when there is no row to show', () => {
    expect(render({ states: 'block', rows: [], empty: 'No machine', emptyTestId: 'none' })).toBe(
      '<p class="text-body-secondary mb-0" data-testid="none">No machine</p>',
    );
    expect(render({ states: 'block', isError: true })).toBe(
      `<p class="text-danger mb-0">${text('table.loadError')}</p>`,
    );
    const loading = render({ states: 'block', rows: undefined });
    expect(loading).not.toContain('<table');
    expect(loading).toContain('aria-hidden="true"');
    expect(render({ states: 'block' })).toContain('<table');
  });

  it('draws the rows a caller puts first, the footer, and a row wrapped by the caller', () => {
    const html = render({
      leadingRows: h('tr', { id: 'up' }, h('td', { colSpan: 2 }, '..')),
      footer: h('tr', null, h('th', { scope: 'row', colSpan: 2 }, 'Total')),
      wrapRow: (machine, tr) =>
        machine.id === 1 ? h(Fragment, null, h('tr', { className: 'menu' }), tr) : tr,
    });
    expect(html.indexOf('id="up"')).toBeLessThan(html.indexOf('Prusa'));
    expect(html).toContain('<tfoot><tr><th scope="row" colSpan="2">Total</th></tr></tfoot>');
    expect(html).toContain('<tr class="menu"></tr><tr><th scope="row">Prusa</th>');
  });

  it('keeps the header in view in a bordered region of limited height when tall', () => {
    const html = render({ tall: true });
    expect(html).toMatch(
      /<section class="overflow-auto border rounded position-relative" style="max-height:70vh"/,
    );
    expect(html).toContain('<thead class="sticky-top">');
  });
});

describe('DataTable', () => {
  const columns: ColumnDef<Machine, unknown>[] = [
    { accessorKey: 'name', header: 'Name' },
    { accessorKey: 'place', header: 'Place' },
    { id: 'actions', header: 'Actions', enableSorting: false, cell: () => 'edit' },
  ];
  const table = (page: { items: Machine[]; total: number } | undefined) =>
    renderToStaticMarkup(
      h(DataTable<Machine, 'name' | 'place'>, {
        label: 'Machines',
        columns,
        page: page && { ...page, page: 1, pageSize: 25 },
        query: { page: 1, pageSize: 25, sort: 'name', order: 'asc' },
        onQueryChange: () => undefined,
        getRowId: (machine) => String(machine.id),
      }),
    );

  it('draws the server page through the captioned table, sorted as the query says', () => {
    const html = table({ items: MACHINES, total: 2 });
    expect(html).toContain('<caption class="visually-hidden">Machines</caption>');
    expect(html).toMatch(/<th scope="col" aria-sort="ascending" class="text-nowrap"><button[^>]*>Name/);
    expect(html).toMatch(/<th scope="col" aria-sort="none" class="text-nowrap"><button[^>]*>Place/);
    expect(html).toContain('<th scope="col" class="text-nowrap">Actions</th>');
    expect(count(html, /<td>Prusa<\/td>|<td>Voron<\/td>/)).toBe(2);
    expect(html).toContain(text('table.pageOf', { page: 1, pages: 1 }));
  });

  it('says it loads until the page comes', () => {
    const html = table(undefined);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain(text('table.total', { count: 0 }));
  });
});
