import { SESSION_MAX_HOURS, sessionSettingsSchema } from '@portal/contract';
import { Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveSessionSettings, useSessionSettings } from '../api/session-settings';

/** How long a session may be renewed from its login: the limit of a workshop display left open. */
export function SessionSettingsForm() {
  const { t } = useTranslation();
  const settings = useSessionSettings();
  const save = useSaveSessionSettings();
  const form = useSchemaForm(sessionSettingsSchema, settings.data ? { values: settings.data } : {});
  const submit = form.handleSubmit((body) => save.mutate(body));

  if (!settings.data) return <PageSpinner />;
  return (
    <Card style={{ maxWidth: '40rem' }}>
      <Card.Body>
        <h2 className="h5">{t('settings.sessions.title')}</h2>
        <p className="text-body-secondary">{t('settings.sessions.text')}</p>
        <form noValidate onSubmit={submit}>
          <TextField
            id="session-max-hours"
            label={t('settings.sessions.maxHours')}
            inputMode="numeric"
            required
            {...fieldProps(form, 'maxHours', { valueAsNumber: true })}
            help={t('settings.sessions.range', SESSION_MAX_HOURS)}
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && (
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            {t('common.save')}
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}
