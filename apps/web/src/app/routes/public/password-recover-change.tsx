import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RecoveryCard } from '../../../features/password-recovery/components/recovery-card';
import { RecoveryChangeForm } from '../../../features/password-recovery/components/recovery-change-form';
import { usePageTitle } from '../../../lib/use-page-title';

/** /password/recover/change?token=…&email=…: the page the recovery mail links to. */
export default function PasswordRecoverChangeRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  usePageTitle(t('recovery.change.title'));
  return (
    <RecoveryCard title={t('recovery.change.title')} intro={t('recovery.change.intro')}>
      <RecoveryChangeForm token={search.get('token')} email={search.get('email')} />
    </RecoveryCard>
  );
}
