import { can } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../components/ui/busy-button';
import { paths } from '../../config/paths';
import { useRequestLicenceRenewal } from '../../features/tickets/api/request-licence-renewal';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast-store';
import { useLanguage } from '../../lib/use-language';

/**
 * "Request renewal" in the machine page's licence notice: a ticket to the operator the server writes (or the one
 * still open), which the page then opens. Administrators renew licences themselves and get no button.
 */
export function LicenceRenewalButton({ machineGroupId }: { machineGroupId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const role = useSession()?.claims.role;
  const renewal = useRequestLicenceRenewal(machineGroupId);
  if (role === undefined || !can(role, 'requestLicenceRenewal')) return null;
  return (
    <BusyButton
      variant="primary"
      size="sm"
      busy={renewal.isPending}
      onClick={() =>
        renewal.mutate(lang, {
          onSuccess: ({ id }) => {
            showToast({ type: 'success', body: t('machinePanel.license.renewalRequested') });
            void navigate(paths.ticket.getHref(lang, id));
          },
        })
      }
    >
      <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
      {t('machinePanel.license.requestRenewal')}
    </BusyButton>
  );
}
