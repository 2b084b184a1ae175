import { can, Role } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import type { MachineLogSource } from '../../features/machine-logs/api/get-machine-log';
import { MachineLogCard } from '../../features/machine-logs/components/machine-log-card';
import { logFileName } from '../../features/machine-logs/lib/log-file-name';
import type { MachineLogKind } from '../../features/machine-logs/lib/machine-log-kind';
import { MachineMaintenancePlan } from '../../features/maintenance/components/machine-maintenance-plan';
import { useSession } from '../../lib/session-store';
import { useLanguage } from '../../lib/use-language';
import { usePageTitle } from '../../lib/use-page-title';
import { RecordNotFound, recordNotFoundTitle } from '../routes/record-not-found';
import { useMachineContext } from './use-machine-context';

const HEADER_KEYS = {
  statistics: {
    full: 'machineLogs.statistics.header',
    controllerOnly: 'machineLogs.statistics.headerControllerOnly',
  },
  maintenance: {
    full: 'machineLogs.maintenance.header',
    controllerOnly: 'machineLogs.maintenance.headerControllerOnly',
  },
} as const;

/**
 * /machines/{id}/statistics and /machines/{id}/maintenance (docs/product.md §2): the machine's log
 * read from its board through the proxy. A missing or unloadable id is the machine's not-found page. The maintenance
 * page shows the portal's maintenance plan of the machine and its done log first, the board's
 * own file under them.
 */
export function MachineLogScreen({ kind }: { kind: MachineLogKind }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const role = useSession()?.claims.role;
  const context = useMachineContext();

  const ready = context.status === 'ready' ? context : undefined;
  const machineName = ready?.group.name ?? '';
  const title = !ready
    ? t('machineLogs.loading')
    : machineName
      ? t(HEADER_KEYS[kind].full, { machine: machineName, controller: ready.controller.name })
      : t(HEADER_KEYS[kind].controllerOnly, { controller: ready.controller.name });
  usePageTitle(context.status === 'missing' ? recordNotFoundTitle(t, 'machine', context.error) : title);

  if (context.status === 'missing')
    return <RecordNotFound kind="machine" error={context.error} onRetry={context.retry} />;
  const source: MachineLogSource | undefined = ready && {
    kind,
    firmware: String(ready.group.firmware),
    path: role === Role.Administrator ? 'admin' : 'customer',
    controllerId: ready.controller.id,
  };
  const withPlan = kind === 'maintenance';
  return (
    <>
      <Link to={paths.machines.getHref(lang)} className="btn btn-outline-secondary mb-3">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t('machineLogs.back')}
      </Link>
      {withPlan && <h1 className="h3 mb-4">{title}</h1>}
      {withPlan && ready && (
        <MachineMaintenancePlan
          machine={{ id: ready.group.id, name: machineName || ready.controller.name }}
          canMarkDone={role !== undefined && can(role, 'maintenanceDone')}
        />
      )}
      <MachineLogCard
        title={withPlan ? t('maintenance.machine.boardLog') : title}
        headingAs={withPlan ? 'h2' : 'h1'}
        source={source}
        fileName={logFileName(kind, ready?.group.id ?? 0, machineName)}
      />
    </>
  );
}
