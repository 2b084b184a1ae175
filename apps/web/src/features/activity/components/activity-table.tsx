import {
  type ActivityEntry,
  type ActivityKind,
  type ActivityQuery,
  activityKindsFor,
} from '@portal/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useId, useMemo, useState } from 'react';
import { Alert, Badge, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { DataTable, type TableQuery } from '../../../components/ui/data-table';
import { activityOutcome, activitySentence, actorName } from '../../../lib/activity-sentence';
import { useBusinessChoices } from '../../../lib/choices';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { useExportActivity } from '../api/export-activity';
import { useActivity } from '../api/get-activity';
import { useVerifyActivity } from '../api/verify-activity';

export interface ActivityTableProps {
  /** One machine's entries only (its tab); without it, every entry the user may read with a machine filter. */
  controller?: number;
  /** The CSV file's name. */
  fileName: string;
  /** An administrator's check of the chain. */
  canVerify: boolean;
  /** A business filter (an administrator's, who reads every business). */
  canFilterBusiness?: boolean;
}

/** A day of a date input as the start (or end) of that day in the browser's time zone, as the API reads times. */
const dayBound = (day: string, end: boolean): string | undefined =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

/**
 * The activity record (docs/design.md §9), newest first: when, who, what, on which machine, the board's answer;
 * filtered by action, days, user (a click on an author) and machine (a click on it, where the table shows several),
 * with the filter box searching G-code, file names and addresses; exported as CSV with the same filters.
 */
export function ActivityTable({
  controller,
  fileName,
  canVerify,
  canFilterBusiness = false,
}: ActivityTableProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const ids = { kind: useId(), from: useId(), to: useId(), business: useId() };
  const businesses = useBusinessChoices({ enabled: canFilterBusiness });
  // Only the actions whose entries this reader can ever find, by the record's reading rule.
  const role = useSession()?.claims.role;
  const kinds = useMemo(() => (role === undefined ? [] : activityKindsFor(role)), [role]);
  const [business, setBusiness] = useState('');
  const [table, setTable] = useState<TableQuery<'seq'>>({
    page: 1,
    pageSize: 25,
    sort: 'seq',
    order: 'desc',
  });
  const [kind, setKind] = useState<ActivityKind | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [user, setUser] = useState<{ id: number; email: string | null } | undefined>();
  const [machine, setMachine] = useState<number | undefined>(controller);
  const query: ActivityQuery = {
    page: table.page,
    pageSize: table.pageSize,
    ...(table.q && { q: table.q }),
    ...(kind && { kind }),
    ...(from && { from: dayBound(from, false) }),
    ...(to && { to: dayBound(to, true) }),
    ...(user && { user: String(user.id) }),
    ...(machine !== undefined && { controller: String(machine) }),
    ...(business && { business }),
  };
  const { data, isError } = useActivity(query);
  const exporting = useExportActivity();
  const verifying = useVerifyActivity();
  // A filter changed: back to the first page of what it finds.
  const firstPage = useCallback((change: () => void) => {
    change();
    setTable((current) => ({ ...current, page: 1 }));
  }, []);

  const columns = useMemo<ColumnDef<ActivityEntry, unknown>[]>(
    () => [
      {
        id: 'at',
        enableSorting: false,
        header: t('activity.fields.at'),
        cell: ({ row }) => (
          <time dateTime={row.original.at} className="text-nowrap">
            {formatDateTime(row.original.at, lang)}
          </time>
        ),
      },
      {
        id: 'actor',
        enableSorting: false,
        header: t('activity.fields.actor'),
        cell: ({ row }) => {
          const { actor } = row.original;
          if (!actor) return t('activity.unknownActor');
          const email = actor.email ?? actorName(row.original, t);
          return (
            <Button
              variant="link"
              className="p-0 text-start"
              title={t('activity.filters.byUser', { email })}
              onClick={() => firstPage(() => setUser({ id: actor.id, email: actor.email }))}
            >
              {actorName(row.original, t)}
            </Button>
          );
        },
      },
      {
        id: 'kind',
        enableSorting: false,
        header: t('activity.fields.kind'),
        cell: ({ row }) => t(`activity.kinds.${row.original.kind}`),
      },
      ...(controller === undefined
        ? [
            {
              id: 'machine',
              enableSorting: false,
              header: t('activity.fields.machine'),
              cell: ({ row }: { row: { original: ActivityEntry } }) => {
                const id = row.original.controller;
                if (id === null) return '';
                return (
                  <Button
                    variant="link"
                    className="p-0"
                    title={t('activity.filters.byMachine', { id })}
                    onClick={() => firstPage(() => setMachine(id))}
                  >
                    {row.original.machine ?? t('activity.controller', { id })}
                  </Button>
                );
              },
            } satisfies ColumnDef<ActivityEntry, unknown>,
          ]
        : []),
      {
        id: 'detail',
        enableSorting: false,
        header: t('activity.fields.detail'),
        cell: ({ row }) => (
          <>
            <span className="text-break" data-testid="activity-sentence">
              {activitySentence(row.original, t, lang)}
            </span>
            {row.original.detail.truncated === true && (
              <Badge bg="secondary" className="ms-2">
                {t('activity.truncated')}
              </Badge>
            )}
            {row.original.detail.unfinished === true && (
              <Badge bg="warning" text="dark" className="ms-2">
                {t('activity.unfinished')}
              </Badge>
            )}
          </>
        ),
      },
      {
        id: 'via',
        enableSorting: false,
        header: t('activity.fields.via'),
        cell: ({ row }) => (row.original.via ? t(`activity.via.${row.original.via}`) : ''),
      },
      {
        id: 'outcome',
        enableSorting: false,
        header: t('activity.fields.outcome'),
        cell: ({ row }) => activityOutcome(row.original, t),
      },
      {
        id: 'address',
        enableSorting: false,
        header: t('activity.fields.address'),
        cell: ({ row }) => row.original.address ?? '',
      },
    ],
    [t, lang, controller, firstPage],
  );

  const verification = verifying.data;
  return (
    <>
      <Form
        className="d-flex flex-wrap gap-3 align-items-end mb-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <Form.Group controlId={ids.kind}>
          <Form.Label>{t('activity.filters.kind')}</Form.Label>
          <Form.Select
            value={kind}
            onChange={(event) => firstPage(() => setKind(event.currentTarget.value as ActivityKind | ''))}
          >
            <option value="">{t('activity.filters.allKinds')}</option>
            {kinds.map((value) => (
              <option key={value} value={value}>
                {t(`activity.kinds.${value}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId={ids.from}>
          <Form.Label>{t('activity.filters.from')}</Form.Label>
          <Form.Control
            type="date"
            value={from}
            onChange={(event) => firstPage(() => setFrom(event.currentTarget.value))}
          />
        </Form.Group>
        <Form.Group controlId={ids.to}>
          <Form.Label>{t('activity.filters.to')}</Form.Label>
          <Form.Control
            type="date"
            value={to}
            onChange={(event) => firstPage(() => setTo(event.currentTarget.value))}
          />
        </Form.Group>
        {canFilterBusiness && (
          <Form.Group controlId={ids.business}>
            <Form.Label>{t('activity.filters.business')}</Form.Label>
            <Form.Select
              value={business}
              onChange={(event) => firstPage(() => setBusiness(event.currentTarget.value))}
            >
              <option value="">{t('activity.filters.allBusinesses')}</option>
              {(businesses.data ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        {user && (
          <Button variant="outline-secondary" onClick={() => firstPage(() => setUser(undefined))}>
            {t('activity.filters.clearUser', { email: user.email ?? `#${user.id}` })}
            <i className="bi bi-x-lg ms-1" aria-hidden="true" />
          </Button>
        )}
        {controller === undefined && machine !== undefined && (
          <Button variant="outline-secondary" onClick={() => firstPage(() => setMachine(undefined))}>
            {t('activity.filters.clearMachine', { id: machine })}
            <i className="bi bi-x-lg ms-1" aria-hidden="true" />
          </Button>
        )}
      </Form>
      {verification && (
        <Alert variant={verification.intact ? 'success' : 'danger'} role="status">
          {verification.intact || !verification.broken
            ? t('activity.verified', { count: verification.checked, checkpoints: verification.checkpoints })
            : t('activity.broken', {
                seq: verification.broken.seq,
                reason: t(`activity.brokenReasons.${verification.broken.reason}`),
              })}
          {verification.broken?.checkpoint &&
            ` ${t('activity.brokenCheckpoint', {
              at: formatDateTime(verification.broken.checkpoint.at, lang),
              seq: verification.broken.checkpoint.seq,
            })}`}
        </Alert>
      )}
      <DataTable
        label={t('activity.caption')}
        columns={columns}
        page={data}
        query={table}
        onQueryChange={setTable}
        isError={isError}
        getRowId={(entry) => String(entry.seq)}
        toolbar={
          <>
            <BusyButton
              variant="primary"
              busy={exporting.isPending}
              onClick={() => exporting.mutate({ query, fileName })}
            >
              <i className="bi bi-download me-1" aria-hidden="true" />
              {t('activity.export')}
            </BusyButton>
            {canVerify && (
              <BusyButton
                variant="outline-secondary"
                busy={verifying.isPending}
                onClick={() => verifying.mutate()}
              >
                <i className="bi bi-shield-check me-1" aria-hidden="true" />
                {t('activity.verify')}
              </BusyButton>
            )}
          </>
        }
      />
    </>
  );
}
