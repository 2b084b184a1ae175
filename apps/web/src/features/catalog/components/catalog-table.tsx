import type { Catalog, CatalogEntry } from '@portal/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, useTableQuery } from '../../../components/ui/data-table';
import { type LocalPageRules, pageLocally } from '../../../lib/local-page';
import { useDeleteCatalogEntry } from '../api/delete-catalog-entry';
import { useCatalog } from '../api/get-catalog';
import { CatalogEntryDialog } from './catalog-entry-dialog';

type SortKey = 'id' | 'name' | 'description';

const RULES: LocalPageRules<CatalogEntry, SortKey> = {
  sortValue: (entry, sort) => entry[sort],
  searchText: (entry) => [entry.name, entry.description],
  id: (entry) => entry.id,
};

/** One catalogue as a sortable, filterable table with create, edit and confirm-to-delete dialogs. */
export function CatalogTable({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation();
  const { data, isError } = useCatalog(catalog);
  const [query, setQuery] = useTableQuery<SortKey>('id');
  const [editing, setEditing] = useState<CatalogEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CatalogEntry | null>(null);
  const remove = useDeleteCatalogEntry(catalog);
  const page = useMemo(() => data && pageLocally(data, query, RULES), [data, query]);

  const columns = useMemo<ColumnDef<CatalogEntry, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: t('hardware.catalog.fields.id') },
      { id: 'name', accessorKey: 'name', header: t('hardware.catalog.fields.name') },
      {
        id: 'description',
        accessorKey: 'description',
        header: t('hardware.catalog.fields.description'),
        cell: ({ row }) => <span className="text-pre-line">{row.original.description}</span>,
      },
      {
        id: 'actions',
        header: () => <span className="visually-hidden">{t('hardware.common.actions')}</span>,
        cell: ({ row }) => (
          <div className="d-flex gap-2 justify-content-end">
            <Button
              size="sm"
              variant="outline-secondary"
              aria-label={t('hardware.catalog.editEntry', { name: row.original.name })}
              title={t('common.edit')}
              onClick={() => setEditing(row.original)}
            >
              <i className="bi bi-pencil" aria-hidden="true" />
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={t('hardware.catalog.deleteEntry', { name: row.original.name })}
              title={t('common.delete')}
              onClick={() => setDeleting(row.original)}
            >
              <i className="bi bi-trash" aria-hidden="true" />
            </Button>
          </div>
        ),
      },
    ],
    [t],
  );

  const confirmDelete = () => {
    if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
  };

  return (
    <>
      <DataTable
        label={t(`hardware.catalog.groups.${catalog}`)}
        columns={columns}
        page={page}
        query={query}
        onQueryChange={setQuery}
        isError={isError}
        getRowId={(entry) => String(entry.id)}
        toolbar={
          <Button onClick={() => setEditing('new')}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t(`hardware.catalog.create.${catalog}`)}
          </Button>
        }
      />
      {editing && (
        <CatalogEntryDialog
          catalog={catalog}
          entry={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        show={deleting !== null}
        title={t(`hardware.catalog.delete.${catalog}`)}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        busy={remove.isPending}
      >
        {t('hardware.catalog.deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}
