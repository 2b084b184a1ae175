import { type MachineGroup, machineGroupUpdateBodySchema } from '@portal/contract';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateMachineGroup } from '../api/update-machine-group';
import { firmwareChoices } from './firmware-choices';

const generalSchema = machineGroupUpdateBodySchema.pick({
  name: true,
  location: true,
  description: true,
  firmware: true,
});

/**
 * Name, description and location for whoever sees the group; the firmware version for administrators only
 * (docs/product.md §6), so a non-administrator's save never carries it.
 */
export function GeneralSettingsCard({ group, showFirmware }: { group: MachineGroup; showFirmware: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateMachineGroup(group.id, 'general');
  const form = useSchemaForm(generalSchema, {
    values: {
      name: group.name,
      location: group.location,
      description: group.description,
      firmware: group.firmware,
    },
  });

  const submit = form.handleSubmit(({ firmware, ...fields }) =>
    update.mutate(showFirmware ? { ...fields, firmware } : fields),
  );

  return (
    <Card as="section" aria-labelledby="general-settings-title" className="h-100">
      <Card.Header as="h2" id="general-settings-title" className="h5">
        {t('hardware.machineGroups.settings.general')}
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={submit}>
          <TextField
            id="group-name"
            label={t('hardware.machineGroups.fields.name')}
            required
            {...fieldProps(form, 'name')}
          />
          <TextAreaField
            id="group-description"
            label={t('hardware.machineGroups.fields.description')}
            {...fieldProps(form, 'description')}
          />
          <TextField
            id="group-location"
            label={t('hardware.machineGroups.fields.location')}
            {...fieldProps(form, 'location')}
          />
          {showFirmware && (
            <SelectField
              id="group-firmware"
              label={t('hardware.machineGroups.fields.firmware')}
              {...fieldProps(form, 'firmware', { setValueAs: Number })}
              choices={firmwareChoices(t('hardware.machineGroups.firmware.unknown'))}
            />
          )}
          <BusyButton type="submit" busy={update.isPending}>
            {t('hardware.machineGroups.settings.saveGeneral')}
          </BusyButton>
        </form>
      </Card.Body>
    </Card>
  );
}
