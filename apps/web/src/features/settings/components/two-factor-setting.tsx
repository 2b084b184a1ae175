import { Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSaveTwoFactorSettings, useTwoFactorSettings } from '../api/two-factor-settings';

/** The administrator's switch: two-factor sign-in required of administrators and technicians (docs/design.md §10). */
export function TwoFactorSetting() {
  const { t } = useTranslation();
  const { data } = useTwoFactorSettings();
  const save = useSaveTwoFactorSettings();
  return (
    <Card style={{ maxWidth: '40rem' }}>
      <Card.Body>
        <Form.Check
          type="switch"
          role="switch"
          id="two-factor-required"
          label={t('settings.twoFactor.required')}
          checked={data?.requiredForStaff ?? false}
          disabled={!data || save.isPending}
          onChange={(event) => save.mutate({ requiredForStaff: event.currentTarget.checked })}
        />
        <p className="text-body-secondary mb-0 mt-2">{t('settings.twoFactor.text')}</p>
      </Card.Body>
    </Card>
  );
}
