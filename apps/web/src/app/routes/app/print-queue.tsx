import { canIn, reachOf } from '@portal/contract';
import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PrintQueueScreen } from '../../../features/print-queue/components/print-queue-screen';
import { useBusinessChoices } from '../../../lib/choices';
import { useSession } from '../../../lib/session-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMachineTypeNames } from '../../print-queue/use-machine-type-names';

/** /queue: a business's print queue; staff choose whose, as on the library page (docs/product.md §11). */
export default function PrintQueueRoute() {
  const { t } = useTranslation();
  usePageTitle(t('printQueue.title'));
  const claims = useSession()?.claims;
  const [search] = useSearchParams();
  const choosesBusiness = claims !== undefined && reachOf(claims.role, 'printQueue') === 'all';
  const businesses = useBusinessChoices({ enabled: choosesBusiness });
  const asked = Number(search.get('business'));
  const [chosen, setChosen] = useState<number | undefined>(
    choosesBusiness && Number.isInteger(asked) && asked > 0 ? asked : undefined,
  );
  const machineTypeName = useMachineTypeNames();
  const selectId = useId();
  if (!claims) return null;
  const business = chosen ?? claims.business;
  return (
    <>
      <h1 className="h3 mb-3">{t('printQueue.title')}</h1>
      <p className="text-body-secondary">{t('printQueue.intro')}</p>
      {choosesBusiness && (
        <div className="mb-3" style={{ maxWidth: '24rem' }}>
          <Form.Label htmlFor={selectId}>{t('printQueue.business')}</Form.Label>
          <Form.Select
            id={selectId}
            value={business}
            onChange={(event) => setChosen(Number(event.currentTarget.value))}
          >
            {(businesses.data ?? []).map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </Form.Select>
        </div>
      )}
      <PrintQueueScreen
        key={business}
        business={business}
        mayChangeAutoStart={canIn(claims, 'printQueueAutoStart', business)}
        machineTypeName={machineTypeName}
      />
    </>
  );
}
