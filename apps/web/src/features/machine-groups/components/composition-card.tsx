import { type MachineGroup, machineGroupCompositionBodySchema } from '@portal/contract';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { SelectField, toId } from '../../../components/ui/select-field';
import type { Choice } from '../../../lib/choices';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateComposition } from '../api/update-composition';

export interface CompositionCardProps {
  group: MachineGroup;
  machineTypes: readonly Choice[];
  /** The group's own controller and the unused ones of its business. */
  controllers: readonly Choice[];
  /** Lets the caller refresh the controllers the change freed and took. */
  onChanged?: () => Promise<unknown>;
}

/** Machine type and computer controller of a machine group (administrators). */
export function CompositionCard({ group, machineTypes, controllers, onChanged }: CompositionCardProps) {
  const { t } = useTranslation();
  const update = useUpdateComposition(group.id, onChanged ? { onChanged } : {});
  const form = useSchemaForm(machineGroupCompositionBodySchema, {
    values: { machine: group.machine, computerController: group.computer },
  });
  const submit = form.handleSubmit((body) => update.mutate(body));

  return (
    <Card as="section" aria-labelledby="composition-title">
      <Card.Header as="h2" id="composition-title" className="h5">
        {t('hardware.machineGroups.settings.composition')}
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={submit}>
          <SelectField
            id="group-machine"
            label={t('hardware.machineGroups.fields.machine')}
            {...fieldProps(form, 'machine', { setValueAs: toId })}
            choices={machineTypes}
            required
          />
          <SelectField
            id="group-computer"
            label={t('hardware.machineGroups.fields.computer')}
            {...fieldProps(form, 'computerController', { setValueAs: toId })}
            choices={controllers}
            required
            help={t('hardware.machineGroups.choose.computerHelp')}
          />
          <BusyButton type="submit" busy={update.isPending}>
            {t('hardware.machineGroups.settings.saveComposition')}
          </BusyButton>
        </form>
      </Card.Body>
    </Card>
  );
}
