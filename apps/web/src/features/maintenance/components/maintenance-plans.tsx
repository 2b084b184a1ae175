import type { MaintenanceTask } from '@portal/contract';
import { useId, useState } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/ui/captioned-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { Choice } from '../../../lib/choices';
import { useDeletePlanTask, usePlanTasks } from '../api/plan-tasks';
import { IntervalsText } from './counter-readings';
import { TaskFormDialog } from './task-form-dialog';

export interface MaintenancePlansProps {
  /** The machine types; undefined while they load. */
  machineTypes: readonly Choice[] | undefined;
}

/**
 * The maintenance plans of the machine types (administrators): one type's tasks at a time, each with
 * its intervals, instruction and link, added, edited and deleted here.
 */
export function MaintenancePlans({ machineTypes }: MaintenancePlansProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const [chosen, setChosen] = useState<number | undefined>();
  const type = machineTypes?.find((choice) => choice.id === chosen) ?? machineTypes?.[0];
  const tasks = usePlanTasks(type?.id);
  const [editing, setEditing] = useState<MaintenanceTask | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MaintenanceTask | null>(null);
  const remove = useDeletePlanTask();
  const caption = type
    ? t('maintenance.plan.tableOf', { type: type.label })
    : t('maintenance.plan.plansTitle');

  return (
    <Card
      as="section"
      aria-labelledby="maintenance-plans-title"
      className="mt-4"
      data-testid="maintenance-plans"
    >
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 id="maintenance-plans-title" className="h5 mb-0">
          {t('maintenance.plan.plansTitle')}
        </h2>
        <Button onClick={() => setEditing('new')} disabled={!type}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('maintenance.plan.create')}
        </Button>
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary">{t('maintenance.plan.plansIntro')}</p>
        <Form.Group className="mb-3" controlId={selectId} style={{ maxWidth: '24rem' }}>
          <Form.Label>{t('maintenance.plan.machineType')}</Form.Label>
          <Form.Select
            value={type?.id ?? ''}
            disabled={!machineTypes || machineTypes.length === 0}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {!machineTypes && <option value="">{t('common.loading')}</option>}
            {machineTypes?.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {type && (
          <CaptionedTable
            caption={caption}
            states="block"
            columns={[
              {
                id: 'name',
                header: t('maintenance.plan.fields.name'),
                rowHeader: true,
                cellClassName: 'fw-medium',
                cell: (task) => task.name,
              },
              {
                id: 'intervals',
                header: t('maintenance.plan.fields.intervals'),
                cell: (task) => <IntervalsText intervals={task} />,
              },
              {
                id: 'instruction',
                header: t('maintenance.plan.fields.instruction'),
                cellClassName: 'small',
                cell: (task) => (
                  <>
                    <span className="text-pre-line">{task.instruction}</span>
                    {task.link && (
                      <div>
                        <a href={task.link} target="_blank" rel="noopener noreferrer">
                          {task.link}
                          <span className="visually-hidden"> {t('maintenance.plan.newWindow')}</span>
                        </a>
                      </div>
                    )}
                  </>
                ),
              },
            ]}
            rows={tasks.data}
            rowKey={(task) => task.id}
            rowProps={(task) => ({ 'data-testid': 'maintenance-plan-task', 'data-task-id': task.id })}
            isError={tasks.isError}
            empty={t('maintenance.plan.empty')}
            emptyTestId="maintenance-plan-empty"
            striped
            className="mb-0"
            actions={{
              label: t('maintenance.fields.actions'),
              cell: (task) => (
                <div className="d-flex gap-2 justify-content-end">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={t('maintenance.plan.editTask', { task: task.name })}
                    title={t('common.edit')}
                    onClick={() => setEditing(task)}
                  >
                    <i className="bi bi-pencil" aria-hidden="true" />
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={t('maintenance.plan.deleteTask', { task: task.name })}
                    title={t('common.delete')}
                    onClick={() => setDeleting(task)}
                  >
                    <i className="bi bi-trash" aria-hidden="true" />
                  </Button>
                </div>
              ),
            }}
          />
        )}
      </Card.Body>
      {editing && type && (
        <TaskFormDialog
          machineType={{ id: type.id, name: type.label }}
          task={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        show={deleting !== null}
        title={t('maintenance.plan.deleteTitle')}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
        onCancel={() => setDeleting(null)}
        busy={remove.isPending}
      >
        {t('maintenance.plan.deleteText', { task: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Card>
  );
}
