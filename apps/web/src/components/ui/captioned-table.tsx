import { Fragment, type HTMLAttributes, type Key, type ReactElement, type ReactNode } from 'react';
import { Button, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from './scroll-region';

/** A sortable column's state and what clicking its header does. */
export interface ColumnSort {
  /** How the list is sorted by this column now; false when it is sorted by another. */
  direction: 'asc' | 'desc' | false;
  onSort: () => void;
}

/** One column: its header and what each row shows in it. */
export interface TableColumn<Row> {
  id: string;
  header: ReactNode;
  /** The header is read by screen readers only (an icon or actions column). */
  headerHidden?: boolean;
  cell: (row: Row, index: number) => ReactNode;
  /** The row's header: a `<th scope="row">`, so screen readers name each row by it. */
  rowHeader?: boolean;
  /** Classes of the header and of every cell (alignment). */
  className?: string;
  headerClassName?: string;
  cellClassName?: string | ((row: Row) => string | undefined);
  /** A test id on every body cell of the column. */
  cellTestId?: string;
  /** Left out on a phone, where the table keeps its room for the other columns. */
  hideOnPhone?: boolean;
  width?: string;
  sort?: ColumnSort;
}

/** What a row's `<tr>` carries besides its cells (test ids, data attributes, a class). */
export type RowProps = HTMLAttributes<HTMLTableRowElement> & {
  [data: `data-${string}`]: string | number | boolean | undefined;
};

/** A column of buttons or links acting on the row, its header read by screen readers only. */
export interface RowActions<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  /** Classes of the actions' cells besides 'text-end'. */
  className?: string;
}

export interface CaptionedTableProps<Row> {
  /** The table's caption and the name of its scrolling region. */
  caption: string;
  /** Shows the caption above the table; screen readers only otherwise. */
  captionVisible?: boolean;
  columns: readonly TableColumn<Row>[];
  /** Undefined while the rows load. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => Key;
  rowProps?: (row: Row, index: number) => RowProps;
  actions?: RowActions<Row> | undefined;
  isError?: boolean;
  /** Said when there is no row ('Nessun risultato' unless told; false: nothing, the caller says it). */
  empty?: ReactNode;
  emptyTestId?: string;
  /** Said instead of the rows whatever they are (a listing that failed in its own words…). */
  notice?: ReactNode;
  /**
   * Where loading, failure and emptiness show: 'rows' inside the table (a list that keeps its headers), 'block'
   * in place of the table (a card that shows a table only when it has rows).
   */
  states?: 'rows' | 'block';
  /** Rows above the list's own ('..' of a folder). */
  leadingRows?: ReactNode;
  /** The `<tfoot>`'s rows (totals). */
  footer?: ReactNode;
  /** Wraps a row, e.g. to give it a context menu. */
  wrapRow?: (row: Row, tr: ReactElement) => ReactNode;
  striped?: boolean;
  hover?: boolean;
  bordered?: boolean;
  small?: boolean;
  className?: string;
  /**
   * The table scrolls within at most 70 percent of the viewport's height, its header kept in view; the region is
   * bordered. Otherwise it only scrolls sideways (on a phone).
   */
  tall?: boolean;
  /** Without the named scrolling region, for a table already inside one. */
  bare?: boolean;
}

const PHONE_HIDDEN = 'd-none d-sm-table-cell';
const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;
const ariaSort = (sort: ColumnSort | undefined) =>
  sort
    ? sort.direction === 'asc'
      ? 'ascending'
      : sort.direction === 'desc'
        ? 'descending'
        : 'none'
    : undefined;

function HeaderCell<Row>({ column }: { column: TableColumn<Row> }) {
  const { sort } = column;
  const title = column.headerHidden ? (
    <span className="visually-hidden">{column.header}</span>
  ) : (
    column.header
  );
  return (
    <th
      scope="col"
      aria-sort={ariaSort(sort)}
      className={classes(column.className, column.headerClassName, column.hideOnPhone && PHONE_HIDDEN)}
      style={column.width ? { width: column.width } : undefined}
    >
      {sort ? (
        <Button
          variant="link"
          className="p-0 text-reset fw-semibold text-decoration-none text-nowrap"
          onClick={sort.onSort}
        >
          {title}
          <i
            className={`bi ms-1 ${sort.direction === 'asc' ? 'bi-sort-up' : sort.direction === 'desc' ? 'bi-sort-down' : 'bi-arrow-down-up text-body-secondary'}`}
            aria-hidden="true"
          />
        </Button>
      ) : (
        title
      )}
    </th>
  );
}

function BodyCell<Row>({ column, row, index }: { column: TableColumn<Row>; row: Row; index: number }) {
  const own = typeof column.cellClassName === 'function' ? column.cellClassName(row) : column.cellClassName;
  const className = classes(column.className, own, column.hideOnPhone && PHONE_HIDDEN);
  const content = column.cell(row, index);
  return column.rowHeader ? (
    <th scope="row" className={className} data-testid={column.cellTestId}>
      {content}
    </th>
  ) : (
    <td className={className} data-testid={column.cellTestId}>
      {content}
    </td>
  );
}

/** The loading bar: seen, not read (a list that loads says so by aria-busy). */
const LoadingBar = () => (
  <Placeholder as="div" animation="glow" aria-hidden="true">
    <Placeholder xs={12} />
  </Placeholder>
);

/** What shows in place of the rows, if anything: a failure, the loading bar, emptiness or the caller's notice. */
function useStateMessage<Row>({
  rows,
  isError,
  empty,
  notice,
}: Pick<CaptionedTableProps<Row>, 'rows' | 'isError' | 'empty' | 'notice'>) {
  const { t } = useTranslation();
  if (notice) return { kind: 'notice' as const, content: notice };
  if (isError) return { kind: 'error' as const, content: t('table.loadError') };
  if (!rows) return { kind: 'loading' as const, content: null };
  if (rows.length === 0 && empty !== false)
    return { kind: 'empty' as const, content: empty ?? t('table.empty') };
  return null;
}

/**
 * A captioned table over react-bootstrap: columns describe headers and cells, rows come keyed. It scrolls sideways
 * in a named, focusable region on a phone, and says when it loads, failed or has nothing to show.
 */
export function CaptionedTable<Row>(props: CaptionedTableProps<Row>) {
  const { t } = useTranslation();
  const { caption, captionVisible = false, rows, actions, states = 'rows', emptyTestId } = props;
  const columns: readonly TableColumn<Row>[] = actions
    ? [
        ...props.columns,
        {
          id: 'actions',
          header: actions.label,
          headerHidden: true,
          className: classes('text-end', actions.className),
          cell: actions.cell,
        },
      ]
    : props.columns;
  const message = useStateMessage(props);

  if (states === 'block' && message) {
    if (message.kind === 'loading') return <LoadingBar />;
    const className = message.kind === 'error' ? 'text-danger mb-0' : 'text-body-secondary mb-0';
    return (
      <p className={className} data-testid={message.kind === 'empty' ? emptyTestId : undefined}>
        {message.content}
      </p>
    );
  }

  const stateRow = message && (
    <tr>
      <td
        colSpan={columns.length}
        className={message.kind === 'error' ? 'text-danger-emphasis' : 'text-body-secondary'}
        data-testid={message.kind === 'empty' ? emptyTestId : undefined}
      >
        {message.kind === 'loading' ? (
          <>
            <LoadingBar />
            <span className="visually-hidden">{t('common.loading')}</span>
          </>
        ) : (
          message.content
        )}
      </td>
    </tr>
  );

  const wrapRow = props.wrapRow ?? ((_row: Row, tr: ReactElement) => tr);
  const table = (
    <Table
      striped={props.striped}
      hover={props.hover}
      bordered={props.bordered}
      size={props.small ? 'sm' : undefined}
      className={classes('align-middle', props.className)}
      aria-busy={rows === undefined && !props.isError}
    >
      <caption className={captionVisible ? undefined : 'visually-hidden'}>{caption}</caption>
      <thead className={props.tall ? 'sticky-top' : undefined}>
        <tr>
          {columns.map((column) => (
            <HeaderCell key={column.id} column={column} />
          ))}
        </tr>
      </thead>
      <tbody>
        {props.leadingRows}
        {stateRow ??
          rows?.map((row, index) => (
            <Fragment key={props.rowKey(row, index)}>
              {wrapRow(
                row,
                <tr {...props.rowProps?.(row, index)}>
                  {columns.map((column) => (
                    <BodyCell key={column.id} column={column} row={row} index={index} />
                  ))}
                </tr>,
              )}
            </Fragment>
          ))}
      </tbody>
      {props.footer && <tfoot>{props.footer}</tfoot>}
    </Table>
  );
  if (props.bare) return table;
  return (
    <ScrollRegion label={caption} tall={props.tall}>
      {table}
    </ScrollRegion>
  );
}
