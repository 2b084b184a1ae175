import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useMachineStatuses } from '../api/get-machine-statuses';
import { countOnline } from '../lib/card-rules';

/** The dashboard's line under the machine count: how many of the user's machines are online now. */
export function FleetOnlineSummary() {
  const { t } = useTranslation();
  const { statuses, failedState } = useMachineStatuses();
  if (!statuses && !failedState) {
    return <p className="text-body-secondary small mb-0">{t('fleet.dashboard.onlineLoading')}</p>;
  }
  const total = statuses?.length ?? 0;
  const online = failedState || !statuses ? 0 : countOnline(statuses);
  return (
    <p className="mb-0 mt-2 d-flex align-items-center gap-2" data-testid="machines-online">
      <Badge bg={online > 0 ? 'success' : 'secondary'} pill aria-hidden="true">
        <i className="bi bi-broadcast" />
      </Badge>
      {t('fleet.dashboard.online', { online, total })}
    </p>
  );
}
