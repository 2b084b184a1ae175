import { zodResolver } from '@hookform/resolvers/zod';
import type { MaintenanceOverrideBody, MaintenanceTaskState } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/ui/captioned-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useMachineMaintenance } from '../api/get-machine-maintenance';
import { machineMaintenanceKey } from '../api/maintenance-keys';
import { useRemoveMaintenanceOverride, useSetMaintenanceOverride } from '../api/overrides';
import { type IntervalTexts, intervalTexts, overrideFormSchema } from '../lib/maintenance-forms';
import { IntervalsText } from './counter-readings';
import { IntervalFields, useIssueMessage } from './interval-fields';

/** Sets a machine's own intervals for a task, replacing the plan's as a whole. Mount it to open it. */
function OverrideDialog({
  machine,
  state,
  onClose,
}: {
  machine: number;
  state: MaintenanceTaskState;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useIssueMessage();
  const save = useSetMaintenanceOverride(machine);
  const form = useForm<IntervalTexts, unknown, MaintenanceOverrideBody>({
    resolver: zodResolver(overrideFormSchema, { error: (issue) => message(issue) }),
    // Starts from the intervals in force: the machine's own, or the plan's to change from.
    defaultValues: intervalTexts(state.intervals),
  });
  const submit = form.handleSubmit((body) =>
    save.mutate({ task: state.task.id, body }, { onSuccess: onClose }),
  );
  return (
    <FormDialog
      title={t('maintenance.overrides.dialogTitle', { task: state.task.name })}
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      testId="maintenance-override-dialog"
    >
      <p className="small text-body-secondary">
        {t('maintenance.overrides.planSays')} <IntervalsText intervals={state.task} />
      </p>
      <IntervalFields
        idPrefix="maintenance-override"
        register={form.register}
        errors={form.formState.errors}
      />
    </FormDialog>
  );
}

/**
 * A machine group's own maintenance intervals (administrators): each task of its type's plan with the
 * plan's intervals and the machine's, set or removed here.
 */
export function MaintenanceOverrides({ machine, machineType }: { machine: number; machineType: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const maintenance = useMachineMaintenance(machine);
  // A composition change gives the machine another type, and so another plan: read it again.
  const shownType = useRef(machineType);
  useEffect(() => {
    if (shownType.current === machineType) return;
    shownType.current = machineType;
    void queryClient.invalidateQueries({ queryKey: machineMaintenanceKey(machine) });
  }, [queryClient, machine, machineType]);
  const remove = useRemoveMaintenanceOverride(machine);
  const [editing, setEditing] = useState<MaintenanceTaskState | null>(null);
  const [removing, setRemoving] = useState<MaintenanceTaskState | null>(null);
  const caption = t('maintenance.overrides.title');
  const tasks = maintenance.data?.tasks;

  return (
    <Card
      as="section"
      aria-labelledby="maintenance-overrides-title"
      className="mb-4"
      data-testid="maintenance-overrides"
    >
      <Card.Header>
        <h2 id="maintenance-overrides-title" className="h5 mb-0">
          {caption}
        </h2>
      </Card.Header>
      <Card.Body>
        <CaptionedTable
          caption={caption}
          states="block"
          columns={[
            {
              id: 'task',
              header: t('maintenance.fields.task'),
              rowHeader: true,
              cellClassName: 'fw-medium',
              cell: (state) => state.task.name,
            },
            {
              id: 'plan',
              header: t('maintenance.overrides.plan'),
              cell: (state) => <IntervalsText intervals={state.task} />,
            },
            {
              id: 'machine',
              header: t('maintenance.overrides.machine'),
              cell: (state) =>
                state.overridden ? (
                  <IntervalsText intervals={state.intervals} />
                ) : (
                  <span className="text-body-secondary">{t('maintenance.overrides.asPlan')}</span>
                ),
            },
          ]}
          rows={tasks}
          rowKey={(state) => state.task.id}
          rowProps={(state) => ({
            'data-testid': 'maintenance-override',
            'data-task-id': state.task.id,
            'data-overridden': state.overridden,
          })}
          isError={maintenance.isError}
          empty={t('maintenance.plan.noPlan')}
          striped
          className="mb-0"
          actions={{
            label: t('maintenance.fields.actions'),
            cell: (state) => (
              <div className="d-flex flex-wrap gap-2 justify-content-end">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => setEditing(state)}
                  aria-label={t('maintenance.overrides.setFor', { task: state.task.name })}
                >
                  <i className="bi bi-sliders me-1" aria-hidden="true" />
                  {t('maintenance.overrides.set')}
                </Button>
                {state.overridden && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    onClick={() => setRemoving(state)}
                    aria-label={t('maintenance.overrides.removeFor', { task: state.task.name })}
                  >
                    <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
                    {t('maintenance.overrides.remove')}
                  </Button>
                )}
              </div>
            ),
          }}
        />
      </Card.Body>
      {editing && <OverrideDialog machine={machine} state={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        show={removing !== null}
        title={t('maintenance.overrides.removeTitle')}
        confirmLabel={t('maintenance.overrides.remove')}
        onConfirm={() => {
          if (removing) remove.mutate(removing.task.id, { onSuccess: () => setRemoving(null) });
        }}
        onCancel={() => setRemoving(null)}
        busy={remove.isPending}
      >
        {t('maintenance.overrides.removeText', { task: removing?.task.name ?? '' })}
      </ConfirmDialog>
    </Card>
  );
}
