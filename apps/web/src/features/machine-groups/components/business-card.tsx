import { type MachineGroup, machineGroupUpdateBodySchema } from '@portal/contract';
import { Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { type Choice, SelectField, toId } from '../../../components/ui/select-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateMachineGroup } from '../api/update-machine-group';

const businessSchema = machineGroupUpdateBodySchema.pick({ business: true }).required();

/** The business a machine group belongs to (administrators). */
export function BusinessCard({
  group,
  businesses,
  onMoved,
}: {
  group: MachineGroup;
  businesses: readonly Choice[];
  /** Lets the caller refresh the controller, which moves with the group. */
  onMoved?: (() => Promise<unknown>) | undefined;
}) {
  const { t } = useTranslation();
  const update = useUpdateMachineGroup(group.id, 'business', onMoved ? { onMoved } : {});
  const form = useSchemaForm(businessSchema, {
    values: { business: group.business },
  });
  const submit = form.handleSubmit((body) => update.mutate(body));

  return (
    <Card as="section" aria-labelledby="group-business-title">
      <Card.Header as="h2" id="group-business-title" className="h5">
        {t('hardware.machineGroups.settings.business')}
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={submit}>
          <SelectField
            id="group-business"
            label={t('hardware.machineGroups.fields.business')}
            registration={form.register('business', { setValueAs: toId })}
            choices={businesses}
            required
            error={form.formState.errors.business?.message}
          />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && (
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            {t('hardware.machineGroups.settings.saveBusiness')}
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}
