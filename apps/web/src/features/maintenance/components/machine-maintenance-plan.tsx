import { LIMITS, type MaintenanceTask, type MaintenanceTaskState } from '@portal/contract';
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollRegion } from '../../../components/ui/scroll-region';
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
          {maintenance.isError && <p className="text-danger mb-0">{t('table.loadError')}</p>}
          {!tasks && !maintenance.isError && (
            <Placeholder as="div" animation="glow" aria-hidden="true">
              <Placeholder xs={12} />
            </Placeholder>
          )}
          {tasks?.length === 0 && <p className="text-body-secondary mb-0">{t('maintenance.plan.noPlan')}</p>}
          {tasks?.some((state) => state.state === 'overdue') && (
            <Alert variant="danger" className="py-2">
              <i className="bi bi-exclamation-octagon-fill me-2" aria-hidden="true" />
              {t('maintenance.plan.overdueSummary', {
                count: tasks.filter((state) => state.state === 'overdue').length,
              })}
            </Alert>
          )}
          {tasks && tasks.length > 0 && (
            <ScrollRegion label={caption}>
              <Table className="align-middle mb-0">
                <caption className="visually-hidden">{caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('maintenance.fields.task')}</th>
                    <th scope="col">{t('maintenance.fields.counters')}</th>
                    <th scope="col">{t('maintenance.fields.state')}</th>
                    <th scope="col">{t('maintenance.fields.lastDone')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('maintenance.fields.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tasks.map((state) => (
                    <tr
                      key={state.task.id}
                      data-testid="maintenance-task"
                      data-task-id={state.task.id}
                      data-state={state.state}
                    >
                      <th scope="row" className="fw-medium">
                        {state.task.name}
                        {state.task.instruction && (
                          <div className="small fw-normal text-body-secondary text-pre-line">
                            {state.task.instruction}
                          </div>
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
                      </th>
                      <td>
                        <CounterReadings counters={state.counters} intervals={state.intervals} />
                        <div className="small text-body-secondary">
                          {t('maintenance.plan.since', { date: formatDate(state.since, lang) })}
                          {state.overridden && (
                            <span
                              className="badge text-bg-secondary ms-2"
                              data-testid="maintenance-overridden"
                            >
                              {t('maintenance.plan.overridden')}
                            </span>
                          )}
                        </div>
                      </td>
                      <td>
                        <MaintenanceStateBadge state={state.state} />
                      </td>
                      <td className="small" data-testid="maintenance-last-done">
                        {state.lastDone ? (
                          <>
                            <time dateTime={state.lastDone.date}>
                              {formatDate(state.lastDone.date, lang)}
                            </time>
                            <div className="text-body-secondary">{personName(state.lastDone.by)}</div>
                          </>
                        ) : (
                          t('maintenance.plan.never')
                        )}
                      </td>
                      <td>
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
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </ScrollRegion>
          )}
        </Card.Body>
      </Card>
      <DoneLog machine={machine.id} tasks={tasks ?? []} />
      {marking && <MarkDoneDialog machine={machine.id} task={marking} onClose={() => setMarking(null)} />}
    </>
  );
}
