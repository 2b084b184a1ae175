import { machineGroupCreateBodySchema } from '@portal/contract';
import { useEffect } from 'react';
import { Col, Row } from 'react-bootstrap';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectField, toId } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { Choice } from '../../../lib/choices';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateMachineGroup } from '../api/create-machine-group';
import { firmwareChoices } from './firmware-choices';

/** The catalogues and businesses the creation form chooses among. */
export interface MachineGroupChoices {
  machineTypes: readonly Choice[];
  boardTypes: readonly Choice[];
  businesses: readonly Choice[];
}

export interface MachineGroupCreateDialogProps {
  choices: MachineGroupChoices;
  /** The unused controllers of the chosen business; undefined while none is chosen or they load. */
  controllers: readonly Choice[] | undefined;
  /** Tells the caller which business is chosen, so it can offer that business's controllers. */
  onBusinessChange: (business: number | undefined) => void;
  /** Lets the caller refresh what the new group changed beyond the lists (its controller is now used). */
  onCreated?: () => Promise<unknown>;
  onClose: () => void;
}

/** The machine-group creation form of administrators (docs/product.md §2 and §6). */
export function MachineGroupCreateDialog({
  choices,
  controllers,
  onBusinessChange,
  onCreated,
  onClose,
}: MachineGroupCreateDialogProps) {
  const { t } = useTranslation();
  const create = useCreateMachineGroup(onCreated ? { onCreated } : {});
  const form = useSchemaForm(machineGroupCreateBodySchema, {
    defaultValues: { name: '', location: '', description: '', firmware: 0 },
  });
  const { errors } = form.formState;
  const business = useWatch({ control: form.control, name: 'business' });

  // Controllers belong to one business: a new business empties the controller choice.
  useEffect(() => {
    onBusinessChange(business);
    form.resetField('computer');
  }, [business, onBusinessChange, form]);

  const submit = form.handleSubmit((body) => create.mutate(body, { onSuccess: onClose }));
  const controllerEmpty =
    business === undefined
      ? t('hardware.machineGroups.choose.businessFirst')
      : controllers?.length === 0
        ? t('hardware.machineGroups.choose.noControllers')
        : t('hardware.machineGroups.choose.computer');
  const select = (name: 'machine' | 'board' | 'business' | 'computer') =>
    form.register(name, { setValueAs: toId });

  return (
    <FormDialog
      wide
      title={t('hardware.machineGroups.create')}
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={t('common.create')}
      busy={create.isPending}
    >
      <Row xs={1} lg={2}>
        <Col>
          <TextField
            id="machine-group-name"
            label={t('hardware.machineGroups.fields.name')}
            required
            {...fieldProps(form, 'name')}
          />
          <TextField
            id="machine-group-location"
            label={t('hardware.machineGroups.fields.location')}
            {...fieldProps(form, 'location')}
          />
          <TextAreaField
            id="machine-group-description"
            label={t('hardware.machineGroups.fields.description')}
            {...fieldProps(form, 'description')}
          />
          <SelectField
            id="machine-group-firmware"
            label={t('hardware.machineGroups.fields.firmware')}
            {...fieldProps(form, 'firmware', { setValueAs: Number })}
            choices={firmwareChoices(t('hardware.machineGroups.firmware.unknown'))}
          />
        </Col>
        <Col>
          <SelectField
            id="machine-group-machine"
            label={t('hardware.machineGroups.fields.machine')}
            registration={select('machine')}
            choices={choices.machineTypes}
            emptyLabel={t('hardware.machineGroups.choose.machine')}
            required
            error={errors.machine?.message}
          />
          <SelectField
            id="machine-group-board"
            label={t('hardware.machineGroups.fields.board')}
            registration={select('board')}
            choices={choices.boardTypes}
            emptyLabel={t('hardware.machineGroups.choose.board')}
            required
            error={errors.board?.message}
          />
          <SelectField
            id="machine-group-business"
            label={t('hardware.machineGroups.fields.business')}
            registration={select('business')}
            choices={choices.businesses}
            emptyLabel={t('hardware.machineGroups.choose.business')}
            required
            error={errors.business?.message}
          />
          <SelectField
            id="machine-group-computer"
            label={t('hardware.machineGroups.fields.computer')}
            registration={select('computer')}
            choices={business === undefined ? [] : (controllers ?? [])}
            emptyLabel={controllerEmpty}
            disabled={business === undefined}
            required
            help={t('hardware.machineGroups.choose.computerHelp')}
            error={errors.computer?.message}
          />
        </Col>
      </Row>
    </FormDialog>
  );
}
