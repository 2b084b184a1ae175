import type { Business } from '@portal/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useUpdateBusiness } from '../api/update-business';

/**
 * The administrators' toggle reading 'Sospendi' on an active business and 'Attiva' on a suspended one.
 * Suspending logs its users out and stops its machines (docs/design.md §3), hence the confirm step.
 */
export function BusinessStatusToggle({ business }: { business: Business }) {
  const { t } = useTranslation();
  const update = useUpdateBusiness(business.id);
  const [confirming, setConfirming] = useState(false);
  const action = business.active ? t('businesses.toggle.suspend') : t('businesses.toggle.activate');

  return (
    <>
      <Button variant={business.active ? 'danger' : 'success'} onClick={() => setConfirming(true)}>
        <i
          className={`bi ${business.active ? 'bi-pause-circle' : 'bi-play-circle'} me-1`}
          aria-hidden="true"
        />
        {action}
      </Button>
      <ConfirmDialog
        show={confirming}
        title={business.active ? t('businesses.toggle.suspendTitle') : t('businesses.toggle.activateTitle')}
        confirmLabel={action}
        busy={update.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          update.mutate({ active: !business.active }, { onSettled: () => setConfirming(false) })
        }
      >
        {business.active
          ? t('businesses.toggle.suspendText', { name: business.name })
          : t('businesses.toggle.activateText', { name: business.name })}
      </ConfirmDialog>
    </>
  );
}
