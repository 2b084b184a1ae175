import { businessCreateBodySchema } from '@portal/contract';
import { useId } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateBusiness } from '../api/create-business';

/** The administrators' dialog that creates a business from its name. */
export function CreateBusinessDialog({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateBusiness();
  const form = useSchemaForm(businessCreateBodySchema, {
    defaultValues: { name: '' },
  });
  const close = () => {
    form.reset();
    onHide();
  };
  const submit = form.handleSubmit((body) => create.mutate(body, { onSuccess: close }));

  return (
    <Modal show={show} onHide={close} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title as="h2" className="h5" id={titleId}>
            {t('businesses.create.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <TextField
            id="business-create-name"
            label={t('businesses.fields.name')}
            registration={form.register('name')}
            autoComplete="organization"
            required
            error={form.formState.errors.name?.message}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && (
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            {t('common.create')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
