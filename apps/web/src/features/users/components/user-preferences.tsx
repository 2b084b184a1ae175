import type { UserPreferencesBody } from '@portal/contract';
import { Card, Form, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';
import { PushSection } from './push-status';

const SWITCHES = [
  'ticketNotifications',
  'machineNotifications',
] as const satisfies readonly (keyof UserPreferencesBody)[];

/** The preferences tab: which notifications the user receives; each switch saves at once. */
export function UserPreferences({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data: preferences, isError } = usePreferences(userId);
  const update = useUpdatePreferences(userId);
  // Push belongs to this browser and the user signed in on it: shown on one's own preferences only.
  const own = useSession()?.claims.id === userId;

  return (
    <Card>
      <Card.Header as="h2" className="h5">
        {t('users.preferences.title')}
      </Card.Header>
      <Card.Body>
        {isError && <p className="text-danger mb-0">{t('users.preferences.loadError')}</p>}
        {!preferences && !isError && (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={6} /> <Placeholder xs={6} />
          </Placeholder>
        )}
        {preferences &&
          SWITCHES.map((key) => (
            <Form.Check
              key={key}
              type="switch"
              role="switch"
              id={`preference-${key}`}
              label={t(`users.preferences.${key}`)}
              checked={preferences[key]}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate({
                  ticketNotifications: preferences.ticketNotifications,
                  machineNotifications: preferences.machineNotifications,
                  [key]: event.currentTarget.checked,
                })
              }
            />
          ))}
        {own && (
          <div className="mt-4">
            <PushSection />
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
