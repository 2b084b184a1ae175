import { useTranslation } from 'react-i18next';
import { RecoveryCard } from '../../../features/password-recovery/components/recovery-card';
import { RecoveryRequestForm } from '../../../features/password-recovery/components/recovery-request-form';
import { usePageTitle } from '../../../lib/use-page-title';

/** /password/recover: asks for a recovery mail. */
export default function PasswordRecoverRoute() {
  const { t } = useTranslation();
  usePageTitle(t('recovery.request.title'));
  return (
    <RecoveryCard title={t('recovery.request.title')} intro={t('recovery.request.intro')}>
      <RecoveryRequestForm />
    </RecoveryCard>
  );
}
