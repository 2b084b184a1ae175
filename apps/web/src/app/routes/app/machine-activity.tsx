import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { ActivityTable } from '../../../features/activity/components/activity-table';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMachineContext } from '../../machines/use-machine-context';
import { RecordNotFound, recordNotFoundTitle } from '../record-not-found';

/** /machines/{id}/activity: what was done to this machine through the portal, by whom (docs/design.md §9). */
export default function MachineActivityRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const context = useMachineContext();
  const name = context.status === 'missing' ? '' : (context.group?.name ?? '');
  const title = t('activity.machineTitle', { machine: name || t('files.loadingName') });
  usePageTitle(context.status === 'missing' ? recordNotFoundTitle(t, 'machine', context.error) : title);
  if (context.status === 'missing')
    return <RecordNotFound kind="machine" error={context.error} onRetry={context.retry} />;
  return (
    <>
      <Link to={paths.machines.getHref(lang)} className="btn btn-outline-secondary mb-3">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t('machineLogs.back')}
      </Link>
      <h1 className="h3 mb-4">{title}</h1>
      {context.status === 'ready' ? (
        <ActivityTable
          controller={context.controller.id}
          fileName={`activity-${context.group.id}.csv`}
          canVerify={false}
        />
      ) : (
        <PageSpinner />
      )}
    </>
  );
}
