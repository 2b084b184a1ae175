import { useTranslation } from 'react-i18next';
import { Landing } from '../../../features/home/components/landing';
import { useOperator } from '../../../features/operator/api/get-operator';
import { usePageTitle } from '../../../lib/use-page-title';

export default function HomeRoute() {
  const { t } = useTranslation();
  usePageTitle(t('home.title'));
  return <Landing contactEmail={useOperator().email} />;
}
