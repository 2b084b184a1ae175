import { useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useResetTwoFactor } from '../api/two-factor';

/** An administrator's reset of a user's second factor (a lost phone), confirmed first; recorded by the server. */
export function TwoFactorReset({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const reset = useResetTwoFactor(userId);
  const [asking, setAsking] = useState(false);
  return (
    <Card>
      <Card.Body className="d-flex align-items-center justify-content-between gap-2 flex-wrap">
        <span>{t('twoFactor.title')}</span>
        <Button variant="outline-danger" onClick={() => setAsking(true)}>
          {t('twoFactor.reset')}
        </Button>
      </Card.Body>
      <ConfirmDialog
        show={asking}
        title={t('twoFactor.resetTitle')}
        confirmLabel={t('twoFactor.reset')}
        busy={reset.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => reset.mutate(undefined, { onSuccess: () => setAsking(false) })}
      >
        {t('twoFactor.resetText')}
      </ConfirmDialog>
    </Card>
  );
}
