import type { Business } from '@portal/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, useTableQuery } from '../../../components/ui/data-table';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useDeleteBusiness } from '../api/delete-business';
import { type BusinessesQuery, useBusinesses } from '../api/get-businesses';
import { BusinessStatusBadge } from './business-status-badge';
import { CreateBusinessDialog } from './create-business-dialog';

type BusinessSort = NonNullable<BusinessesQuery['sort']>;

/** The businesses tab of /settings: every business, paged on the server, with create and delete. */
export function BusinessesTable() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [query, setQuery] = useTableQuery<BusinessSort>('id');
  const { data, isError } = useBusinesses(query);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Business | null>(null);
  const remove = useDeleteBusiness();

  const columns = useMemo<ColumnDef<Business, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: t('businesses.fields.id') },
      {
        id: 'name',
        accessorKey: 'name',
        header: t('businesses.fields.name'),
        cell: ({ row }) => (
          <Link to={paths.business.getHref(lang, row.original.id)}>{row.original.name}</Link>
        ),
      },
      { id: 'city', accessorKey: 'city', header: t('businesses.fields.city') },
      {
        id: 'active',
        accessorKey: 'active',
        header: t('businesses.fields.status'),
        cell: ({ row }) => <BusinessStatusBadge active={row.original.active} />,
      },
      {
        id: 'actions',
        enableSorting: false,
        header: () => <span className="visually-hidden">{t('businesses.actions')}</span>,
        cell: ({ row }) => (
          <Button
            variant="outline-danger"
            size="sm"
            onClick={() => setDeleting(row.original)}
            aria-label={t('businesses.delete.action', { name: row.original.name })}
            title={t('common.delete')}
          >
            <i className="bi bi-trash" aria-hidden="true" />
          </Button>
        ),
      },
    ],
    [t, lang],
  );

  return (
    <>
      <DataTable
        label={t('businesses.caption')}
        columns={columns}
        page={data}
        query={query}
        onQueryChange={setQuery}
        isError={isError}
        getRowId={(business) => String(business.id)}
        toolbar={
          <Button onClick={() => setCreating(true)}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('businesses.create.open')}
          </Button>
        }
      />
      <CreateBusinessDialog show={creating} onHide={() => setCreating(false)} />
      <ConfirmDialog
        show={deleting !== null}
        title={t('businesses.delete.title')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          // A refusal (409: users or machines still depend on it) becomes the central error toast.
          if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      >
        {t('businesses.delete.text', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}
