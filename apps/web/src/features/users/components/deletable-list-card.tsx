import { type ReactNode, useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/ui/captioned-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

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
        <CaptionedTable
          caption={title}
          columns={columns.map((column) => ({ id: column.label, header: column.label, cell: column.cell }))}
          rows={items}
          rowKey={(item) => item.id}
          isError={isError}
          striped
          hover
          actions={{
            label: t('users.table.actions'),
            cell: (item) => (
              <Button
                size="sm"
                variant="outline-danger"
                onClick={() => setDeleting(item)}
                aria-label={deleteLabel(item)}
              >
                <i className="bi bi-trash" aria-hidden="true" />
              </Button>
            ),
          }}
        />
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
