import { zodResolver } from '@hookform/resolvers/zod';
import { LICENSE_QUICK_YEARS, type License } from '@portal/contract';
import { useState } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { validationKey } from '../../../lib/form-errors';
import { useLanguage } from '../../../lib/use-language';
import { useCreateLicense } from '../api/create-license';
import { useUpdateLicense } from '../api/update-license';
import {
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
 * Creates or edits a licence: its end day typed (as yyyy-MM-dd or in the page language's order) or picked on
 * a calendar, or moved by the quick buttons (+1, +2, +3 years), and when editing its activation day. Mount it
 * when it opens: it starts from the licence.
 */
export function LicenseFormDialog({ business, license, onHide }: LicenseFormDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  // One instant for the whole dialog, so "today" does not move while the form is open.
  const [now] = useState(Date.now);
  const create = useCreateLicense();
  const update = useUpdateLicense();
  const pending = create.isPending || update.isPending;
  const form = useForm<LicenseTermValues>({
    resolver: zodResolver(licenseTermSchema(license, now, language), {
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
    <FormDialog
      title={license ? t('licenses.form.editTitle', { id: license.id }) : t('licenses.form.createTitle')}
      onCancel={onHide}
      onSubmit={submit}
      submitLabel={license ? t('common.save') : t('common.create')}
      busy={pending}
    >
      {license && (
        <DateField
          id="license-activation"
          label={t('licenses.form.activation')}
          control={form.control}
          name="activation"
          error={errors.activation?.message}
        />
      )}
      <DateField
        id="license-end"
        label={t('licenses.form.end')}
        control={form.control}
        name="end"
        required
        help={notActivated ? t('licenses.form.endHintNotActivated') : t('licenses.form.endHint')}
        error={errors.end?.message}
      />
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
    </FormDialog>
  );
}
