import { type License, licenseActivateBodySchema } from '@portal/contract';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { SelectField, toId } from '../../../components/ui/select-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useActivateLicense } from '../api/activate-license';
import { useControllerChoices } from '../api/get-controller-choices';

/**
 * Activates a licence now on one of its business's controllers (the controller with id 1 is never
 * offered). Mount it when it opens.
 */
export function ActivateLicenseDialog({ license, onHide }: { license: License; onHide: () => void }) {
  const { t } = useTranslation();
  const controllers = useControllerChoices(license.business);
  const activate = useActivateLicense();
  const form = useSchemaForm(licenseActivateBodySchema, {});
  const error = form.formState.errors.computer?.message;
  const submit = form.handleSubmit(({ computer }) =>
    activate.mutate({ id: license.id, computer }, { onSuccess: onHide }),
  );
  const none = controllers.data?.length === 0;

  return (
    <FormDialog
      title={t('licenses.activate.title', { id: license.id })}
      onCancel={onHide}
      onSubmit={submit}
      submitLabel={t('licenses.activate.submit')}
      busy={activate.isPending}
      submitDisabled={none || !controllers.data}
    >
      <p>{t('licenses.activate.text')}</p>
      {controllers.isError ? (
        <Alert variant="danger" className="mb-0">
          {t('licenses.activate.loadError')}
        </Alert>
      ) : !controllers.data ? (
        <PageSpinner />
      ) : none ? (
        <Alert variant="warning" className="mb-0">
          {t('licenses.activate.none')}
        </Alert>
      ) : (
        <SelectField
          id="license-activate-computer"
          label={t('licenses.activate.computer')}
          registration={form.register('computer', { setValueAs: toId })}
          choices={controllers.data.map((controller) => ({ id: controller.id, label: controller.name }))}
          emptyLabel={t('licenses.activate.choose')}
          emptyChoosable
          required
          error={error}
        />
      )}
    </FormDialog>
  );
}
