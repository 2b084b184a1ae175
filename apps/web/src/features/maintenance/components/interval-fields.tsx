import { Col, Row } from 'react-bootstrap';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { validationKey } from '../../../lib/form-errors';
import { INTERVAL_TEXT_FIELDS, type IntervalTexts, ONE_INTERVAL } from '../lib/maintenance-forms';

const LABELS = {
  everyHours: 'maintenance.intervals.everyHours',
  everyJobs: 'maintenance.intervals.everyJobs',
  everyMetres: 'maintenance.intervals.everyMetres',
  everyDays: 'maintenance.intervals.everyDays',
} as const;

/** A translated message for a maintenance form's issue, its own rules' codes included. */
export function useIssueMessage() {
  const { t } = useTranslation();
  return (issue: Parameters<typeof validationKey>[0]) =>
    issue.code === 'custom' && issue.params?.code === ONE_INTERVAL
      ? t('maintenance.intervals.oneRequired')
      : t(validationKey(issue));
}

/** The four intervals of a task or an override, as a group: at least one, whichever comes first. */
export function IntervalFields<Values extends IntervalTexts>({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}) {
  const { t } = useTranslation();
  // The fields are IntervalTexts' own: the generic form only adds fields of its own beside them.
  const registerText = register as unknown as UseFormRegister<IntervalTexts>;
  const fieldErrors = errors as FieldErrors<IntervalTexts>;
  return (
    <fieldset className="mb-2">
      <legend className="form-label fs-6 mb-1">{t('maintenance.intervals.legend')}</legend>
      <p className="form-text mt-0">{t('maintenance.intervals.hint')}</p>
      <Row xs={1} sm={2} className="gx-3 gy-0">
        {INTERVAL_TEXT_FIELDS.map((field) => (
          <Col key={field}>
            <TextField
              id={`${idPrefix}-${field}`}
              label={t(LABELS[field])}
              inputMode="numeric"
              registration={registerText(field)}
              error={fieldErrors[field]?.message}
            />
          </Col>
        ))}
      </Row>
    </fieldset>
  );
}
