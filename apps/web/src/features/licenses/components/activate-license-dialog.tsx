import { type License, licenseActivateBodySchema } from '@portal/contract';
import { useId } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useActivateLicense } from '../api/activate-license';
import { useControllerChoices } from '../api/get-controller-choices';

/**
 * Activates a licence now on one of its business's controllers (the controller with id 1 is never
 * offered). Mount it when it opens.
 */
export function ActivateLicenseDialog({ license, onHide }: { license: License; onHide: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const controllers = useControllerChoices(license.business);
  const activate = useActivateLicense();
  const form = useSchemaForm(licenseActivateBodySchema, {});
  const error = form.formState.errors.computer?.message;
  const submit = form.handleSubmit(({ computer }) =>
    activate.mutate({ id: license.id, computer }, { onSuccess: onHide }),
  );
  const none = controllers.data?.length === 0;

  return (
    <Modal show onHide={onHide} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title as="h2" className="h5" id={titleId}>
            {t('licenses.activate.title', { id: license.id })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
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
            <Form.Group controlId="license-activate-computer">
              <Form.Label>{t('licenses.activate.computer')}</Form.Label>
              <Form.Select
                required
                isInvalid={error !== undefined}
                aria-describedby={error ? 'license-activate-computer-error' : undefined}
                {...form.register('computer', {
                  setValueAs: (value: string) => (value === '' ? undefined : Number(value)),
                })}
              >
                <option value="">{t('licenses.activate.choose')}</option>
                {controllers.data.map((controller) => (
                  <option key={controller.id} value={controller.id}>
                    {controller.name}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid" id="license-activate-computer-error">
                {error}
              </Form.Control.Feedback>
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={activate.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={activate.isPending || none || !controllers.data}>
            {activate.isPending && (
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            {t('licenses.activate.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
