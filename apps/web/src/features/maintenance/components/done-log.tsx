import type { MaintenanceTaskState } from '@portal/contract';
import { Card, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../components/ui/scroll-region';
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
        {log.isError && <p className="text-danger mb-0">{t('table.loadError')}</p>}
        {!log.data && !log.isError && (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={12} />
          </Placeholder>
        )}
        {log.data?.length === 0 && <p className="text-body-secondary mb-0">{t('maintenance.log.empty')}</p>}
        {log.data && log.data.length > 0 && (
          <ScrollRegion label={caption}>
            <Table striped className="align-middle mb-0">
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('maintenance.log.date')}</th>
                  <th scope="col">{t('maintenance.log.task')}</th>
                  <th scope="col">{t('maintenance.log.by')}</th>
                  <th scope="col">{t('maintenance.log.note')}</th>
                  <th scope="col">{t('maintenance.log.parts')}</th>
                </tr>
              </thead>
              <tbody>
                {log.data.map((record) => (
                  <tr key={record.id} data-testid="maintenance-log-entry">
                    <td className="text-nowrap">
                      <time dateTime={record.date}>{formatDateTime(record.date, i18n.language)}</time>
                    </td>
                    <td>{taskName(record.task)}</td>
                    <td>{personName(record.by)}</td>
                    <td className="text-pre-line">{record.note}</td>
                    <td className="text-pre-line">{record.parts}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </ScrollRegion>
        )}
      </Card.Body>
    </Card>
  );
}
