import { can, formatFirmware, type MachineGroup } from '@portal/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, useTableQuery } from '../../../components/ui/data-table';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { useMachineGroups } from '../api/get-machine-groups';
import { MachineTypeIcon } from './machine-type-icon';

type SortKey = 'id' | 'name' | 'location' | 'business';

/** Looks up the name of an id a row carries; undefined shows the id instead. */
export type NameOf = (id: number) => string | undefined;

export interface MachineGroupListProps {
  /** Only the machine groups of this business (the business page); its column is then left out. */
  business?: number | undefined;
  businessName?: NameOf;
  machineTypeName?: NameOf;
  /** Buttons beside the filter (create…). */
  toolbar?: ReactNode;
}

/**
 * The machine groups the viewer sees, paged and sorted by the server: name (to its settings), location,
 * type with its icon, business and controller (to its page, for administrators).
 */
export function MachineGroupList({
  business,
  businessName,
  machineTypeName,
  toolbar,
}: MachineGroupListProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const role = useSession()?.claims.role;
  const isAdministrator = role !== undefined && can(role, 'machineGroupAdminEdits');
  const [query, setQuery] = useTableQuery<SortKey>('name');
  const { data, isError } = useMachineGroups({ ...query, business_id: business });

  const columns = useMemo<ColumnDef<MachineGroup, unknown>[]>(() => {
    const nameOr = (lookup: NameOf | undefined, id: number) => lookup?.(id) ?? `#${id}`;
    const list: (ColumnDef<MachineGroup, unknown> | false)[] = [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('hardware.machineGroups.fields.name'),
        cell: ({ row }) => (
          <Link to={paths.machineGroup.getHref(lang, row.original.id)}>{row.original.name}</Link>
        ),
      },
      { id: 'location', accessorKey: 'location', header: t('hardware.machineGroups.fields.location') },
      {
        id: 'machine',
        header: t('hardware.machineGroups.fields.machine'),
        cell: ({ row }) => (
          <span className="d-inline-flex align-items-center gap-2 text-nowrap">
            <MachineTypeIcon machineType={row.original.machine} />
            {nameOr(machineTypeName, row.original.machine)}
          </span>
        ),
      },
      business === undefined && {
        id: 'business',
        accessorKey: 'business',
        header: t('hardware.machineGroups.fields.business'),
        cell: ({ row }) => nameOr(businessName, row.original.business),
      },
      {
        id: 'computer',
        header: t('hardware.machineGroups.fields.computer'),
        cell: ({ row }) =>
          isAdministrator ? (
            <Link
              to={paths.computerController.getHref(lang, row.original.computer)}
              aria-label={t('hardware.controllers.openId', { id: row.original.computer })}
            >
              #{row.original.computer}
            </Link>
          ) : (
            `#${row.original.computer}`
          ),
      },
      isAdministrator && {
        id: 'firmware',
        header: t('hardware.machineGroups.fields.firmware'),
        cell: ({ row }) =>
          formatFirmware(row.original.firmware, t('hardware.machineGroups.firmware.unknown')),
      },
    ];
    return list.filter((column): column is ColumnDef<MachineGroup, unknown> => column !== false);
  }, [t, lang, business, businessName, machineTypeName, isAdministrator]);

  return (
    <DataTable
      label={t('hardware.machineGroups.list')}
      columns={columns}
      page={data}
      query={query}
      onQueryChange={setQuery}
      isError={isError}
      getRowId={(group) => String(group.id)}
      toolbar={toolbar}
    />
  );
}
