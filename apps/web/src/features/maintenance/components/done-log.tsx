import type { MaintenanceTaskState } from '@portal/contract';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/ui/captioned-table';
import { formatDateTime } from '../../../lib/format';
import { useMaintenanceDoneLog } from '../api/get-machine-maintenance';

/** Who did the work, or a dash once the user is gone. */
export const personName = (person: { name: string; surname: string } | null): string =>
  person ? `${person.name} ${person.surname}`.trim() : '—';

/**
 * The maintenance done on a machine, newest first: when, which task, who, the note and the parts. It
 * sits beside the board's own maintenance file on the machine's maintenance page.
 */
export function DoneLog({ machine, tasks }: { machine: number; tasks: readonly MaintenanceTaskState[] }) {
  const { t, i18n } = useTranslation();
  const log = useMaintenanceDoneLog(machine);
  const caption = t('maintenance.log.title');
  const taskName = (id: number) => tasks.find((state) => state.task.id === id)?.task.name ?? `#${id}`;

  return (
    <Card as="section" aria-labelledby="maintenance-log-title" className="mb-4" data-testid="maintenance-log">
      <Card.Header>
        <h2 id="maintenance-log-title" className="h5 mb-0">
          {caption}
        </h2>
      </Card.Header>
      <Card.Body>
        <CaptionedTable
          caption={caption}
          states="block"
          columns={[
            {
              id: 'date',
              header: t('maintenance.log.date'),
              cellClassName: 'text-nowrap',
              cell: (record) => (
                <time dateTime={record.date}>{formatDateTime(record.date, i18n.language)}</time>
              ),
            },
            { id: 'task', header: t('maintenance.log.task'), cell: (record) => taskName(record.task) },
            { id: 'by', header: t('maintenance.log.by'), cell: (record) => personName(record.by) },
            {
              id: 'note',
              header: t('maintenance.log.note'),
              cellClassName: 'text-pre-line',
              cell: (record) => record.note,
            },
            {
              id: 'parts',
              header: t('maintenance.log.parts'),
              cellClassName: 'text-pre-line',
              cell: (record) => record.parts,
            },
          ]}
          rows={log.data}
          rowKey={(record) => record.id}
          rowProps={() => ({ 'data-testid': 'maintenance-log-entry' })}
          isError={log.isError}
          empty={t('maintenance.log.empty')}
          striped
          className="mb-0"
        />
      </Card.Body>
    </Card>
  );
}
