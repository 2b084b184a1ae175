import { can } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useController } from '../../../features/controllers/api/get-controller';
import { ControllerSettings } from '../../../features/controllers/components/controller-settings';
import { parseId } from '../../../lib/route-params';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { isMissingRecord, RecordNotFound, recordNotFoundTitle } from '../record-not-found';

const PRESENCE_POLL_MS = 10_000;

/**
 * /settings/computer-controller/{id}: a missing (or unloadable) controller is the controller's not-found page
 * (docs/product.md §2).
 */
export default function ComputerControllerRoute() {
  const { t } = useTranslation();
  const _lang = useLanguage();
  const role = useSession()?.claims.role;
  const id = parseId(useParams().id);
  // Asked again now and then: the gateway's presence changes while the page is open.
  const {
    data: controller,
    isError,
    error,
    refetch,
  } = useController(id ?? undefined, {
    refetchInterval: PRESENCE_POLL_MS,
    silent: true,
  });
  const missing = id === null || (isError && (!controller || isMissingRecord(error)));
  usePageTitle(
    missing
      ? recordNotFoundTitle(t, 'controller', error ?? undefined)
      : controller
        ? t('hardware.controllers.page.title', { name: controller.name })
        : t('hardware.controllers.list'),
  );

  if (missing)
    return <RecordNotFound kind="controller" error={error ?? undefined} onRetry={() => void refetch()} />;
  if (!controller) return <PageSpinner />;
  return (
    <ControllerSettings
      key={controller.id}
      controller={controller}
      canManageKey={role !== undefined && can(role, 'settings')}
    />
  );
}
