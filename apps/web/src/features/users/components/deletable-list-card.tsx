import { type ReactNode, useState } from 'react';
import { Button, Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { ListState } from './list-state';

/** A column of the list: its header and what a row shows in it. */
export interface ListColumn<Item> {
  label: string;
  cell: (item: Item) => ReactNode;
}

export interface DeletableListCardProps<Item extends { id: number }> {
  title: string;
  columns: ListColumn<Item>[];
  items: Item[] | undefined;
  isError: boolean;
  /** The delete button's accessible name for a row. */
  deleteLabel: (item: Item) => string;
  deleteTitle: string;
  /** The confirm step's question for a row. */
  deleteText: (item: Item) => string;
  remove: { isPending: boolean; mutate: (id: number, options: { onSettled: () => void }) => void };
  /** The form that adds an item, under the list. */
  children: ReactNode;
}

/** A card listing a user's small items (addresses, contacts), each deletable after a confirm step. */
export function DeletableListCard<Item extends { id: number }>({
  title,
  columns,
  items,
  isError,
  deleteLabel,
  deleteTitle,
  deleteText,
  remove,
  children,
}: DeletableListCardProps<Item>) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<Item | null>(null);
  return (
    <Card>
      <Card.Header as="h2" className="h5">
        {title}
      </Card.Header>
      <Card.Body>
        <ScrollRegion label={title}>
          <Table striped hover className="align-middle" aria-busy={items === undefined}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th scope="col" key={column.label}>
                    {column.label}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('users.table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              <ListState columns={columns.length + 1} items={items} isError={isError} />
              {items?.map((item) => (
                <tr key={item.id}>
                  {columns.map((column) => (
                    <td key={column.label}>{column.cell(item)}</td>
                  ))}
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setDeleting(item)}
                      aria-label={deleteLabel(item)}
                    >
                      <i className="bi bi-trash" aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollRegion>
        {children}
      </Card.Body>
      <ConfirmDialog
        show={deleting !== null}
        title={deleteTitle}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        {deleting && deleteText(deleting)}
      </ConfirmDialog>
    </Card>
  );
}
