import { type License, licenseEnd } from '@portal/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, useTableQuery } from '../../../components/ui/data-table';
import { formatDay } from '../../../lib/calendar-day';
import { useDeleteLicense } from '../api/delete-license';
import { useBusinessLicenses } from '../api/get-business-licenses';
import type { LicensesQuery } from '../api/license-keys';
import { ActivateLicenseDialog } from './activate-license-dialog';
import { LicenseFormDialog } from './license-form-dialog';
import { LicenseStatusBadge } from './license-status-badge';

type LicenseSort = NonNullable<LicensesQuery['sort']>;

/** What a dialog of the tab is open for. */
type Open =
  | { kind: 'create' }
  | { kind: 'edit'; license: License }
  | { kind: 'activate'; license: License }
  | { kind: 'delete'; license: License };

export interface LicensesTableProps {
  business: number;
  /** Administrators create, edit, activate and delete; others only read. */
  manage: boolean;
}

/** The licences tab of /business/{id}: each licence's days, state and bound controller, paged on the server. */
export function LicensesTable({ business, manage }: LicensesTableProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useTableQuery<LicenseSort>('id');
  const { data, isError } = useBusinessLicenses(business, query);
  const remove = useDeleteLicense();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  // The moment the list arrived decides the state badges; every change reloads it.
  const now = useMemo(() => (data ? Date.now() : 0), [data]);

  const columns = useMemo<ColumnDef<License, unknown>[]>(() => {
    const shown: ColumnDef<License, unknown>[] = [
      { id: 'id', accessorKey: 'id', header: t('licenses.fields.id') },
      {
        id: 'activation',
        accessorKey: 'activation',
        header: t('licenses.fields.activation'),
        cell: ({ row }) =>
          row.original.activation === null ? t('licenses.notActivated') : formatDay(row.original.activation),
      },
      {
        id: 'end',
        enableSorting: false,
        header: t('licenses.fields.end'),
        cell: ({ row }) => {
          const end = licenseEnd(row.original);
          return end === null ? '—' : formatDay(end);
        },
      },
      {
        id: 'status',
        enableSorting: false,
        header: t('licenses.fields.status'),
        cell: ({ row }) => <LicenseStatusBadge license={row.original} now={now} />,
      },
      {
        id: 'computer',
        enableSorting: false,
        header: t('licenses.fields.computer'),
        cell: ({ row }) =>
          row.original.computerName ?? (row.original.computer === null ? '—' : `#${row.original.computer}`),
      },
    ];
    if (!manage) return shown;
    return [
      ...shown,
      {
        id: 'actions',
        enableSorting: false,
        header: () => <span className="visually-hidden">{t('licenses.actions')}</span>,
        cell: ({ row }) => {
          const license = row.original;
          return (
            <ButtonGroup size="sm">
              <Button
                variant="outline-secondary"
                onClick={() => setOpen({ kind: 'edit', license })}
                aria-label={t('licenses.edit', { id: license.id })}
                title={t('common.edit')}
              >
                <i className="bi bi-pencil" aria-hidden="true" />
              </Button>
              <Button
                variant="outline-success"
                onClick={() => setOpen({ kind: 'activate', license })}
                aria-label={t('licenses.activate.action', { id: license.id })}
                title={t('licenses.activate.submit')}
              >
                <i className="bi bi-plug" aria-hidden="true" />
              </Button>
              <Button
                variant="outline-danger"
                onClick={() => setOpen({ kind: 'delete', license })}
                aria-label={t('licenses.delete.action', { id: license.id })}
                title={t('common.delete')}
              >
                <i className="bi bi-trash" aria-hidden="true" />
              </Button>
            </ButtonGroup>
          );
        },
      },
    ];
  }, [t, manage, now]);

  return (
    <>
      <DataTable
        label={t('licenses.caption')}
        columns={columns}
        page={data}
        query={query}
        onQueryChange={setQuery}
        isError={isError}
        getRowId={(license) => String(license.id)}
        toolbar={
          manage && (
            <Button onClick={() => setOpen({ kind: 'create' })}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              {t('licenses.create')}
            </Button>
          )
        }
      />
      {open?.kind === 'create' && <LicenseFormDialog business={business} license={null} onHide={close} />}
      {open?.kind === 'edit' && (
        <LicenseFormDialog business={business} license={open.license} onHide={close} />
      )}
      {open?.kind === 'activate' && <ActivateLicenseDialog license={open.license} onHide={close} />}
      <ConfirmDialog
        show={open?.kind === 'delete'}
        title={t('licenses.delete.title')}
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() => {
          if (open?.kind === 'delete') remove.mutate(open.license.id, { onSettled: close });
        }}
      >
        {open?.kind === 'delete' && t('licenses.delete.text', { id: open.license.id })}
      </ConfirmDialog>
    </>
  );
}
