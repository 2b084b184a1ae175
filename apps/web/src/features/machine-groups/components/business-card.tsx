import { type MachineGroup, machineGroupUpdateBodySchema } from '@portal/contract';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { SelectField, toId } from '../../../components/ui/select-field';
import type { Choice } from '../../../lib/choices';
import { fieldProps } from '../../../lib/field-props';
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
            {...fieldProps(form, 'business', { setValueAs: toId })}
            choices={businesses}
            required
          />
          <BusyButton type="submit" busy={update.isPending}>
            {t('hardware.machineGroups.settings.saveBusiness')}
          </BusyButton>
        </form>
      </Card.Body>
    </Card>
  );
}
