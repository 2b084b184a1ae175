import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { MachinePanel } from '../../../features/machine-panel/components/machine-panel';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMachineContext } from '../../machines/use-machine-context';

/** /machines/{id}: the machine's control panel and webcam; a missing id or a failed load goes to /dashboard. */
export default function MachineRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const role = useSession()?.claims.role;
  const machine = useMachineContext();
  usePageTitle((machine.status !== 'missing' && machine.group?.name) || t('machinePanel.title'));

  if (machine.status === 'missing') return <Navigate replace to={paths.dashboard.getHref(lang)} />;
  if (machine.status === 'loading' || role === undefined) return <PageSpinner />;
  return (
    <MachinePanel key={machine.group.id} group={machine.group} controller={machine.controller} role={role} />
  );
}
