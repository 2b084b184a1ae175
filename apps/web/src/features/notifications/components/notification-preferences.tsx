import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@portal/contract';
import { Card, Form, Placeholder, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notifications';

/**
 * The signed-in user's channels per kind of notification: a row per kind, a switch per channel (in app, mail,
 * push), each saved at once with the page's language, in which the user's mails are written from then on.
 */
export function NotificationPreferencesCard() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data: preferences, isError } = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const change = (kind: NotificationKind, channel: NotificationChannel, value: boolean) => {
    if (!preferences) return;
    update.mutate({ preferences: { [kind]: { ...preferences[kind], [channel]: value } }, language: lang });
  };

  return (
    <Card>
      <Card.Header as="h2" className="h5">
        {t('notifications.preferences.title')}
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary">{t('notifications.preferences.intro')}</p>
        {isError && <p className="text-danger mb-0">{t('notifications.preferences.loadError')}</p>}
        {!preferences && !isError && (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={12} />
          </Placeholder>
        )}
        {preferences && (
          <Table responsive size="sm" className="align-middle mb-0" data-testid="notification-preferences">
            <caption className="visually-hidden">{t('notifications.preferences.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('notifications.preferences.kind')}</th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th key={channel} scope="col" className="text-center">
                    {t(`notifications.channels.${channel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row" className="fw-normal">
                    {t(`notifications.kinds.${kind}`)}
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <td key={channel} className="text-center">
                      <Form.Check
                        type="switch"
                        role="switch"
                        className="d-inline-block"
                        id={`notify-${kind}-${channel}`}
                        aria-label={`${t(`notifications.kinds.${kind}`)}: ${t(`notifications.channels.${channel}`)}`}
                        checked={preferences[kind][channel]}
                        disabled={update.isPending}
                        onChange={(event) => change(kind, channel, event.currentTarget.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}
