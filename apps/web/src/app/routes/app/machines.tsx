import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title';
import { MachineList } from '../../machines/machine-list';

export default function MachinesRoute() {
  const { t } = useTranslation();
  usePageTitle(t('fleet.title'));
  return (
    <>
      <h1 className="h3 mb-4">{t('fleet.title')}</h1>
      <MachineList />
    </>
  );
}
