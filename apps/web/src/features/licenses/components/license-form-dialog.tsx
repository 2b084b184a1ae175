import { zodResolver } from '@hookform/resolvers/zod';
import { LICENSE_QUICK_YEARS, type License } from '@portal/contract';
import { useId, useState } from 'react';
import { Button, ButtonGroup, Form, Modal, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { validationKey } from '../../../lib/form-errors';
import { useCreateLicense } from '../api/create-license';
import { useUpdateLicense } from '../api/update-license';
import {
  DAY_FORMAT,
  END_NOT_AFTER_START,
  extendEnd,
  type LicenseTermValues,
  licenseTermSchema,
  termValues,
  toTerm,
} from './license-term';

export interface LicenseFormDialogProps {
  /** The business a new licence is for. */
  business: number;
  /** The licence to edit; null creates one. */
  license: License | null;
  onHide: () => void;
}

/**
 * Creates or edits a licence: its end day typed as yyyy-MM-dd or moved by the quick buttons (+1, +2,
 * +3 years), and when editing its activation day. Mount it when it opens: it starts from the licence.
 */
export function LicenseFormDialog({ business, license, onHide }: LicenseFormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // One instant for the whole dialog, so "today" does not move while the form is open.
  const [now] = useState(Date.now);
  const create = useCreateLicense();
  const update = useUpdateLicense();
  const pending = create.isPending || update.isPending;
  const form = useForm<LicenseTermValues>({
    resolver: zodResolver(licenseTermSchema(license, now), {
      error: (issue) =>
        issue.code === 'custom' && issue.params?.code === END_NOT_AFTER_START
          ? t('licenses.form.endNotAfterStart')
          : t(validationKey(issue)),
    }),
    defaultValues: termValues(license, now),
  });
  const { errors } = form.formState;
  const notActivated = form.watch('activation').trim() === '';

  const addYears = (years: number) =>
    form.setValue('end', extendEnd(form.getValues(), license, years, now), {
      shouldDirty: true,
      shouldValidate: true,
    });

  const submit = form.handleSubmit((values) => {
    const { activation, expiry } = toTerm(values, license, now);
    if (license) {
      update.mutate(
        { id: license.id, body: { business: license.business, expiry, activation } },
        { onSuccess: onHide },
      );
    } else {
      create.mutate({ business, expiry }, { onSuccess: onHide });
    }
  });

  return (
    <Modal show onHide={onHide} centered aria-labelledby={titleId}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title as="h2" className="h5" id={titleId}>
            {license ? t('licenses.form.editTitle', { id: license.id }) : t('licenses.form.createTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {license && (
            <TextField
              id="license-activation"
              label={t('licenses.form.activation', { format: DAY_FORMAT })}
              registration={form.register('activation')}
              autoComplete="off"
              error={errors.activation?.message}
            />
          )}
          <Form.Group className="mb-3" controlId="license-end">
            <Form.Label>{t('licenses.form.end', { format: DAY_FORMAT })}</Form.Label>
            <Form.Control
              autoComplete="off"
              required
              isInvalid={errors.end !== undefined}
              aria-describedby={errors.end ? 'license-end-error license-end-hint' : 'license-end-hint'}
              {...form.register('end')}
            />
            <Form.Control.Feedback type="invalid" id="license-end-error">
              {errors.end?.message}
            </Form.Control.Feedback>
            <Form.Text id="license-end-hint">
              {notActivated ? t('licenses.form.endHintNotActivated') : t('licenses.form.endHint')}
            </Form.Text>
          </Form.Group>
          <fieldset>
            <legend className="form-label fs-6">{t('licenses.form.quick')}</legend>
            <ButtonGroup>
              {LICENSE_QUICK_YEARS.map((years) => (
                <Button key={years} variant="outline-secondary" onClick={() => addYears(years)}>
                  {t('licenses.form.addYears', { count: years })}
                </Button>
              ))}
            </ButtonGroup>
          </fieldset>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending && (
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            {license ? t('common.save') : t('common.create')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
