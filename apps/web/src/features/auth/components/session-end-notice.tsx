import { useTranslation } from 'react-i18next';
import type { SessionEndReason } from '../../../lib/session-end-reasons';

const VARIANT: Record<SessionEndReason, string> = {
  SESSION_EXPIRED: 'warning',
  SESSION_ENDED: 'warning',
  UNAUTHENTICATED: 'warning',
  ACCOUNT_DISABLED: 'danger',
  BUSINESS_SUSPENDED: 'danger',
  LOGGED_OUT: 'info',
};

/**
 * Above the login form: why the last session ended. A deliberate logout is news, not a warning. Bootstrap's
 * alert classes as they are: react-bootstrap's Alert would bring its fade transition onto the login page.
 */
export function SessionEndNotice({ reason }: { reason: SessionEndReason }) {
  const { t } = useTranslation();
  return (
    <div className={`alert alert-${VARIANT[reason]}`} role={reason === 'LOGGED_OUT' ? 'status' : 'alert'}>
      {t(`login.reasons.${reason}`)}
    </div>
  );
}
