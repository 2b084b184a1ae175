import { can, reachOf } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LibraryScreen } from '../../../features/library/components/library-screen';
import { AddToQueueButton } from '../../../features/print-queue/components/add-to-queue-button';
import { useSession } from '../../../lib/session-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { BusinessPicker } from '../../business/business-picker';
import { useMachineTypeNames } from '../../print-queue/use-machine-type-names';

/** /library: the business's print library, each file queued from its row; staff choose whose (docs/design.md §13). */
export default function LibraryRoute() {
  const { t } = useTranslation();
  usePageTitle(t('library.title'));
  const claims = useSession()?.claims;
  const choosesBusiness = claims !== undefined && reachOf(claims.role, 'library') === 'all';
  const [business, setBusiness] = useState<number | undefined>(undefined);
  const machineTypeName = useMachineTypeNames();
  const queueBusiness = business ?? claims?.business;
  const queues = claims !== undefined && can(claims.role, 'printQueue');
  return (
    <>
      <h1 className="h3 mb-3">{t('library.title')}</h1>
      <p className="text-body-secondary">{t('library.intro')}</p>
      {choosesBusiness && (
        <BusinessPicker label={t('library.business')} value={queueBusiness} onChange={setBusiness} />
      )}
      <LibraryScreen
        key={business ?? 'own'}
        business={business}
        fileAction={
          queues && queueBusiness !== undefined
            ? (file) => (
                <AddToQueueButton business={queueBusiness} file={file} machineTypeName={machineTypeName} />
              )
            : undefined
        }
      />
    </>
  );
}
