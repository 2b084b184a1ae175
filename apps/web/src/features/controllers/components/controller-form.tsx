import { type ComputerController, controllerUpdateBodySchema, type License } from '@portal/contract';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { SelectField, toIdOrNull } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { selectableLicenseIds } from '../api/get-license-choices';
import { useUpdateController } from '../api/update-controller';
import { LicenseState } from './license-state';

/**
 * The controller's read-only id, its name and its licence, chosen among its business's licences that no
 * other controller holds, shown as 'Licenza #id' (docs/product.md §3), or none.
 */
export function ControllerForm({
  controller,
  licenses,
}: {
  controller: ComputerController;
  licenses: License[];
}) {
  const { t } = useTranslation();
  const update = useUpdateController(controller.id);
  const form = useSchemaForm(controllerUpdateBodySchema, {
    values: { name: controller.name, license: controller.license },
  });
  const submit = form.handleSubmit((body) => update.mutate(body));
  const choices = selectableLicenseIds(licenses, controller).map((id) => ({
    id,
    label: t('hardware.controllers.license.item', { id }),
  }));

  return (
    <form noValidate onSubmit={submit}>
      <Form.Group className="mb-3" controlId="controller-id">
        <Form.Label>{t('hardware.controllers.fields.id')}</Form.Label>
        <Form.Control plaintext readOnly value={controller.id} />
      </Form.Group>
      <TextField
        id="controller-name"
        label={t('hardware.controllers.fields.name')}
        required
        {...fieldProps(form, 'name')}
      />
      <SelectField
        id="controller-license"
        label={t('hardware.controllers.fields.license')}
        {...fieldProps(form, 'license', { setValueAs: toIdOrNull })}
        choices={choices}
        emptyLabel={t('hardware.controllers.license.none')}
        emptyChoosable
      />
      {controller.licenseDetails && <LicenseState license={controller.licenseDetails} />}
      <BusyButton type="submit" busy={update.isPending}>
        {t('common.save')}
      </BusyButton>
    </form>
  );
}
