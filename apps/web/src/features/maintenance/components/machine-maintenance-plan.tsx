import { LIMITS, type MaintenanceTask, type MaintenanceTaskState } from '@portal/contract';
import { useMemo, useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CaptionedTable, type TableColumn } from '../../../components/ui/captioned-table';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useMachineMaintenance } from '../api/get-machine-maintenance';
import { formatAmount } from '../lib/maintenance-format';
import { byUrgency, criteriaInForce } from '../lib/maintenance-rules';
import { CounterReadings } from './counter-readings';
import { DoneLog, personName } from './done-log';
import { MaintenanceStateBadge } from './maintenance-state-badge';
import { MarkDoneDialog } from './mark-done-dialog';

export interface MachineMaintenancePlanProps {
  machine: { id: number; name: string };
  /** Technicians, managers and administrators record work (capability maintenanceDone); customers only read. */
  canMarkDone: boolean;
}

/** The ticket an overdue task offers to open: its title and a description of why it is due. */
function useTicketDraft(machineName: string) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (state: MaintenanceTaskState) => {
    const readings = criteriaInForce(state.counters, state.intervals).map((reading) =>
      t('maintenance.reading', {
        label: t(`maintenance.criteria.${reading.criterion}`),
        counter: formatAmount(reading.counter, reading.criterion, language),
        interval: formatAmount(reading.interval, reading.criterion, language),
      }),
    );
    const last = state.lastDone
      ? t('maintenance.ticket.lastDone', { date: formatDate(state.lastDone.date, language) })
      : t('maintenance.ticket.neverDone', { date: formatDate(state.since, language) });
    const content = [
      t('maintenance.ticket.intro', { task: state.task.name, machine: machineName }),
      '',
      ...readings.map((reading) => `- ${reading}`),
      last,
    ].join('\n');
    const title = t('maintenance.ticket.title', { task: state.task.name, machine: machineName });
    return { title: title.slice(0, LIMITS.ticketTitleMax), content };
  };
}

/** The plan's columns but the actions: the task, its counters, its state and when it was last done. */
function usePlanColumns(): TableColumn<MaintenanceTaskState>[] {
  const { t } = useTranslation();
  const lang = useLanguage();
  return [
    {
      id: 'task',
      header: t('maintenance.fields.task'),
      rowHeader: true,
      cellClassName: 'fw-medium',
      cell: (state) => (
        <>
          {state.task.name}
          {state.task.instruction && (
            <div className="small fw-normal text-body-secondary text-pre-line">{state.task.instruction}</div>
          )}
          {state.task.link && (
            <div className="small fw-normal">
              <a href={state.task.link} target="_blank" rel="noopener noreferrer">
                {t('maintenance.plan.instructions')}
                <span className="visually-hidden"> {t('maintenance.plan.newWindow')}</span>
                <i className="bi bi-box-arrow-up-right ms-1" aria-hidden="true" />
              </a>
            </div>
          )}
        </>
      ),
    },
    {
      id: 'counters',
      header: t('maintenance.fields.counters'),
      cell: (state) => (
        <>
          <CounterReadings counters={state.counters} intervals={state.intervals} />
          <div className="small text-body-secondary">
            {t('maintenance.plan.since', { date: formatDate(state.since, lang) })}
            {state.overridden && (
              <span className="badge text-bg-secondary ms-2" data-testid="maintenance-overridden">
                {t('maintenance.plan.overridden')}
              </span>
            )}
          </div>
        </>
      ),
    },
    {
      id: 'state',
      header: t('maintenance.fields.state'),
      cell: (state) => <MaintenanceStateBadge state={state.state} />,
    },
    {
      id: 'lastDone',
      header: t('maintenance.fields.lastDone'),
      cellClassName: 'small',
      cellTestId: 'maintenance-last-done',
      cell: (state) =>
        state.lastDone ? (
          <>
            <time dateTime={state.lastDone.date}>{formatDate(state.lastDone.date, lang)}</time>
            <div className="text-body-secondary">{personName(state.lastDone.by)}</div>
          </>
        ) : (
          t('maintenance.plan.never')
        ),
    },
  ];
}

/**
 * A machine's maintenance plan on its maintenance page: each task of its type's plan with its counters
 * against the intervals in force, its state and when it was last done; "mark done" for those who record work, a
 * ticket pre-filled for an overdue task, the most urgent first; then the log of the work done.
 */
export function MachineMaintenancePlan({ machine, canMarkDone }: MachineMaintenancePlanProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const maintenance = useMachineMaintenance(machine.id);
  const [marking, setMarking] = useState<MaintenanceTask | null>(null);
  const draftOf = useTicketDraft(machine.name);
  const columns = usePlanColumns();
  const caption = t('maintenance.plan.title');
  // The most urgent first, as the fleet list: what needs doing is at the top.
  const tasks = useMemo(() => maintenance.data && byUrgency(maintenance.data.tasks), [maintenance.data]);

  return (
    <>
      <Card
        as="section"
        aria-labelledby="maintenance-plan-title"
        className="mb-4"
        data-testid="maintenance-plan"
      >
        <Card.Header>
          <h2 id="maintenance-plan-title" className="h5 mb-0">
            {caption}
          </h2>
        </Card.Header>
        <Card.Body>
          {tasks?.some((state) => state.state === 'overdue') && (
            <Alert variant="danger" className="py-2">
              <i className="bi bi-exclamation-octagon-fill me-2" aria-hidden="true" />
              {t('maintenance.plan.overdueSummary', {
                count: tasks.filter((state) => state.state === 'overdue').length,
              })}
            </Alert>
          )}
          <CaptionedTable
            caption={caption}
            states="block"
            columns={columns}
            rows={tasks}
            rowKey={(state) => state.task.id}
            rowProps={(state) => ({
              'data-testid': 'maintenance-task',
              'data-task-id': state.task.id,
              'data-state': state.state,
            })}
            isError={maintenance.isError}
            empty={t('maintenance.plan.noPlan')}
            className="mb-0"
            actions={{
              label: t('maintenance.fields.actions'),
              cell: (state) => (
                <div className="d-flex flex-wrap gap-2 justify-content-end">
                  {canMarkDone && (
                    <Button
                      size="sm"
                      variant={state.state === 'ok' ? 'outline-primary' : 'primary'}
                      onClick={() => setMarking(state.task)}
                      aria-label={t('maintenance.done.open', { task: state.task.name })}
                    >
                      <i className="bi bi-check2-square me-1" aria-hidden="true" />
                      {t('maintenance.done.button')}
                    </Button>
                  )}
                  {state.state === 'overdue' && (
                    <Link
                      className="btn btn-sm btn-outline-danger"
                      to={paths.newTicket.getHref(lang, machine.id, draftOf(state))}
                      aria-label={t('maintenance.ticket.open', { task: state.task.name })}
                    >
                      <i className="bi bi-life-preserver me-1" aria-hidden="true" />
                      {t('maintenance.ticket.button')}
                    </Link>
                  )}
                </div>
              ),
            }}
          />
        </Card.Body>
      </Card>
      <DoneLog machine={machine.id} tasks={tasks ?? []} />
      {marking && <MarkDoneDialog machine={machine.id} task={marking} onClose={() => setMarking(null)} />}
    </>
  );
}
