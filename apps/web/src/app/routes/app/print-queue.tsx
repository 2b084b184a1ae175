import { canIn, reachOf } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PrintQueueScreen } from '../../../features/print-queue/components/print-queue-screen';
import { useSession } from '../../../lib/session-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { BusinessPicker } from '../../business/business-picker';
import { QueueLive } from '../../print-queue/queue-live';
import { useMachineTypeNames } from '../../print-queue/use-machine-type-names';

/** /queue: a business's print queue; staff choose whose, as on the library page (docs/product.md §11). */
export default function PrintQueueRoute() {
  const { t } = useTranslation();
  usePageTitle(t('printQueue.title'));
  const claims = useSession()?.claims;
  const [search] = useSearchParams();
  const choosesBusiness = claims !== undefined && reachOf(claims.role, 'printQueue') === 'all';
  const asked = Number(search.get('business'));
  const [chosen, setChosen] = useState<number | undefined>(
    choosesBusiness && Number.isInteger(asked) && asked > 0 ? asked : undefined,
  );
  const machineTypeName = useMachineTypeNames();
  if (!claims) return null;
  const business = chosen ?? claims.business;
  return (
    <>
      <h1 className="h3 mb-3">{t('printQueue.title')}</h1>
      <p className="text-body-secondary">{t('printQueue.intro')}</p>
      {choosesBusiness && (
        <BusinessPicker label={t('printQueue.business')} value={business} onChange={setChosen} />
      )}
      <QueueLive>
        <PrintQueueScreen
          key={business}
          business={business}
          mayChangeAutoStart={canIn(claims, 'printQueueAutoStart', business)}
          machineTypeName={machineTypeName}
        />
      </QueueLive>
    </>
  );
}
