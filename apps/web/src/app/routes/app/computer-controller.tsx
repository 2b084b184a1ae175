import { can } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { useController } from '../../../features/controllers/api/get-controller';
import { ControllerSettings } from '../../../features/controllers/components/controller-settings';
import { parseId } from '../../../lib/route-params';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';

const PRESENCE_POLL_MS = 10_000;

/**
 * /settings/computer-controller/{id}: a missing (or unloadable) controller goes to / (docs/product.md §2).
 */
export default function ComputerControllerRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const role = useSession()?.claims.role;
  const id = parseId(useParams().id);
  // Asked again now and then: the gateway's presence changes while the page is open.
  const { data: controller, isError } = useController(id ?? undefined, { refetchInterval: PRESENCE_POLL_MS });
  usePageTitle(
    controller
      ? t('hardware.controllers.page.title', { name: controller.name })
      : t('hardware.controllers.list'),
  );

  if (id === null || isError) return <Navigate replace to={paths.home.getHref(lang)} />;
  if (!controller) return <PageSpinner />;
  return (
    <ControllerSettings
      key={controller.id}
      controller={controller}
      canManageKey={role !== undefined && can(role, 'settings')}
    />
  );
}
