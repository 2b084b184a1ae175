import { can, canIn, type User } from '@portal/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, useTableQuery } from '../../../components/ui/data-table';
import { paths } from '../../../config/paths';
import { useBusinessChoices } from '../../../lib/choices';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { useDeleteUser } from '../api/delete-user';
import { type UsersQuery, useUsers } from '../api/get-users';
import { roleLabel } from './role-label';
import { UserCreateDialog } from './user-create-dialog';
import { UserEditDialog } from './user-edit-dialog';

type UserSort = NonNullable<UsersQuery['sort']>;

/** The row actions a viewer may take on a user: edit and delete (docs/product.md §6). */
function RowActions({ user, onEdit, onDelete }: { user: User; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex gap-2 justify-content-end">
      <Button
        size="sm"
        variant="outline-primary"
        onClick={onEdit}
        aria-label={t('users.table.edit', { email: user.email })}
      >
        <i className="bi bi-pencil" aria-hidden="true" />
      </Button>
      <Button
        size="sm"
        variant="outline-danger"
        onClick={onDelete}
        aria-label={t('users.table.delete', { email: user.email })}
      >
        <i className="bi bi-trash" aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * The users a viewer may see, paged, sorted and filtered by the server: all of them for an
 * administrator, a manager's own business; with `business`, that business only (the company page).
 * Creating, editing and deleting follow the capability table.
 */
export function UsersTable({ business }: { business?: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const actor = useSession()?.claims;
  const [query, setQuery] = useTableQuery<UserSort>('id');
  const { data: page, isError } = useUsers({ ...query, business });
  const { data: businesses } = useBusinessChoices({ enabled: actor !== undefined });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const remove = useDeleteUser();

  const columns = useMemo<ColumnDef<User, unknown>[]>(() => {
    const businessName = new Map(businesses?.map((choice) => [choice.id, choice.name]));
    // Nobody edits their own role or deletes themselves here: the server refuses both.
    const manages = (user: User) =>
      actor !== undefined && user.id !== actor.id && canIn(actor, 'manageUsers', user.business);
    return [
      { id: 'id', header: t('user.fields.id'), accessorKey: 'id' },
      {
        id: 'email',
        header: t('user.fields.email'),
        accessorKey: 'email',
        cell: ({ row }) => <Link to={paths.user.getHref(lang, row.original.id)}>{row.original.email}</Link>,
      },
      { id: 'name', header: t('user.fields.name'), accessorKey: 'name' },
      {
        id: 'surname',
        header: t('user.fields.surname'),
        accessorKey: 'surname',
        cell: ({ row }) => row.original.surname || '_',
      },
      {
        id: 'role',
        header: t('user.fields.role'),
        accessorKey: 'role',
        cell: ({ row }) => roleLabel(t, row.original.role),
      },
      {
        id: 'business',
        header: t('user.fields.business'),
        accessorKey: 'business',
        cell: ({ row }) => businessName.get(row.original.business) ?? row.original.business,
      },
      {
        id: 'enabled',
        header: t('user.fields.status'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge bg={row.original.enabled ? 'success' : 'secondary'}>
            {row.original.enabled ? t('user.enabled') : t('user.disabled')}
          </Badge>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="visually-hidden">{t('users.table.actions')}</span>,
        enableSorting: false,
        cell: ({ row }) =>
          manages(row.original) && (
            <RowActions
              user={row.original}
              onEdit={() => setEditing(row.original)}
              onDelete={() => setDeleting(row.original)}
            />
          ),
      },
    ];
  }, [t, lang, actor, businesses]);

  if (!actor) return null;
  const mayCreate =
    business === undefined ? can(actor.role, 'createUsers') : canIn(actor, 'createUsers', business);
  return (
    <>
      <DataTable
        label={t('users.table.caption')}
        columns={columns}
        page={page}
        query={query}
        onQueryChange={setQuery}
        isError={isError}
        getRowId={(user) => String(user.id)}
        toolbar={
          mayCreate && (
            <Button onClick={() => setCreating(true)}>
              <i className="bi bi-person-plus me-2" aria-hidden="true" />
              {t('users.create.open')}
            </Button>
          )
        }
      />
      {creating && <UserCreateDialog creator={actor} business={business} onHide={() => setCreating(false)} />}
      {editing && <UserEditDialog editor={actor} user={editing} onHide={() => setEditing(null)} />}
      <ConfirmDialog
        show={deleting !== null}
        title={t('users.delete.title')}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        {t('users.delete.text', { email: deleting?.email ?? '' })}
      </ConfirmDialog>
    </>
  );
}
