import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { SessionEndReason } from '../../../lib/session-end';

const VARIANT: Record<SessionEndReason, string> = {
  SESSION_EXPIRED: 'warning',
  SESSION_ENDED: 'warning',
  UNAUTHENTICATED: 'warning',
  ACCOUNT_DISABLED: 'danger',
  BUSINESS_SUSPENDED: 'danger',
  LOGGED_OUT: 'info',
};

/** Above the login form: why the last session ended. A deliberate logout is news, not a warning. */
export function SessionEndNotice({ reason }: { reason: SessionEndReason }) {
  const { t } = useTranslation();
  return (
    <Alert variant={VARIANT[reason]} role={reason === 'LOGGED_OUT' ? 'status' : 'alert'}>
      {t(`login.reasons.${reason}`)}
    </Alert>
  );
}
