import type { ComputerController } from '@portal/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, useTableQuery } from '../../../components/ui/data-table';
import { paths } from '../../../config/paths';
import { formatDay } from '../../../lib/calendar-day';
import { useLanguage } from '../../../lib/use-language';
import { useControllers } from '../api/get-controllers';

type SortKey = 'id' | 'name' | 'business';

/** Looks up the name of an id a row carries; undefined shows the id instead. */
export type NameOf = (id: number) => string | undefined;

export interface ControllerListProps {
  typeName?: NameOf;
  businessName?: NameOf;
  /** Buttons beside the filter (create…). */
  toolbar?: ReactNode;
}

/** The computer controllers (gateways), paged and sorted by the server; each name leads to its page. */
export function ControllerList({ typeName, businessName, toolbar }: ControllerListProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [query, setQuery] = useTableQuery<SortKey>('id');
  const { data, isError } = useControllers(query);

  const columns = useMemo<ColumnDef<ComputerController, unknown>[]>(() => {
    const nameOr = (lookup: NameOf | undefined, id: number) => lookup?.(id) ?? `#${id}`;
    return [
      { id: 'id', accessorKey: 'id', header: t('hardware.controllers.fields.id') },
      {
        id: 'name',
        accessorKey: 'name',
        header: t('hardware.controllers.fields.name'),
        cell: ({ row }) => (
          <Link to={paths.computerController.getHref(lang, row.original.id)}>{row.original.name}</Link>
        ),
      },
      {
        id: 'type',
        header: t('hardware.controllers.fields.type'),
        cell: ({ row }) => nameOr(typeName, row.original.type),
      },
      {
        id: 'business',
        accessorKey: 'business',
        header: t('hardware.controllers.fields.business'),
        cell: ({ row }) => nameOr(businessName, row.original.business),
      },
      {
        id: 'machine',
        header: t('hardware.controllers.fields.machine'),
        cell: ({ row }) =>
          row.original.machine === null ? (
            <span className="text-body-secondary">{t('hardware.controllers.noMachine')}</span>
          ) : (
            <Link
              to={paths.machineGroup.getHref(lang, row.original.machine)}
              aria-label={t('hardware.machineGroups.openId', { id: row.original.machine })}
            >
              #{row.original.machine}
            </Link>
          ),
      },
      {
        id: 'key',
        header: t('hardware.controllers.fields.key'),
        cell: ({ row }) =>
          row.original.keyCreatedAt === null ? (
            <span className="text-body-secondary">{t('hardware.controllers.key.notGenerated')}</span>
          ) : (
            t('hardware.controllers.key.since', {
              date: formatDay(new Date(row.original.keyCreatedAt)),
            })
          ),
      },
    ];
  }, [t, lang, typeName, businessName]);

  return (
    <DataTable
      label={t('hardware.controllers.list')}
      columns={columns}
      page={data}
      query={query}
      onQueryChange={setQuery}
      isError={isError}
      getRowId={(controller) => String(controller.id)}
      toolbar={toolbar}
    />
  );
}
