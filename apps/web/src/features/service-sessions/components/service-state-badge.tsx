import type { ServiceSessionState } from '@portal/contract';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

const VARIANT: Record<ServiceSessionState, { bg: string; text?: 'dark' }> = {
  requested: { bg: 'warning', text: 'dark' },
  active: { bg: 'success' },
  rejected: { bg: 'danger' },
  withdrawn: { bg: 'secondary' },
  ended: { bg: 'secondary' },
  expired: { bg: 'secondary' },
};

/** A service session's state in words and colour. */
export function ServiceStateBadge({ state }: { state: ServiceSessionState }) {
  const { t } = useTranslation();
  const variant = VARIANT[state];
  return (
    <Badge bg={variant.bg} text={variant.text} data-testid="service-session-state" data-state={state}>
      {t(`serviceSessions.states.${state}`)}
    </Badge>
  );
}
