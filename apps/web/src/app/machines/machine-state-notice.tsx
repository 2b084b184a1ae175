import type { MachineCardState } from '@portal/contract';
import { Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The states in which the board's page cannot be shown, and what the page says instead. */
export type UnreachableState = 'waiting' | 'gatewayOffline' | 'boardOffline' | 'statusFailed';

/** Which of them a live state is, or null when the board's page can be shown. */
export function unreachableStateOf(
  state: MachineCardState | undefined,
  failed: boolean,
): UnreachableState | null {
  if (failed) return 'statusFailed';
  if (state === undefined || state === 'waiting') return 'waiting';
  if (state === 'gatewayOffline' || state === 'boardOffline') return state;
  return null;
}

const ICONS: Record<Exclude<UnreachableState, 'waiting'>, string> = {
  gatewayOffline: 'bi-router',
  boardOffline: 'bi-cpu',
  statusFailed: 'bi-exclamation-triangle',
};

/**
 * In place of the board's page while it cannot answer: what is wrong in the user's words, what to check, and
 * a retry. The page follows the live status, so it shows the board by itself once it answers again.
 */
export function MachineStateNotice({ state, onRetry }: { state: UnreachableState; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state === 'waiting') {
    return (
      <Card body className="text-center py-5" data-testid="machine-state" data-machine-state={state}>
        <Spinner animation="border" role="status" className="mb-3">
          <span className="visually-hidden">{t('machinePanel.states.waiting.title')}</span>
        </Spinner>
        <p className="mb-0">{t('machinePanel.states.waiting.title')}</p>
      </Card>
    );
  }
  return (
    <Card body className="text-center py-5" data-testid="machine-state" data-machine-state={state}>
      <i className={`bi ${ICONS[state]} display-5 text-body-secondary`} aria-hidden="true" />
      <h2 className="h5 mt-3">{t(`machinePanel.states.${state}.title`)}</h2>
      <p className="text-body-secondary mx-auto" style={{ maxWidth: '36rem' }}>
        {t(`machinePanel.states.${state}.text`)}
      </p>
      <Button variant="primary" onClick={onRetry}>
        <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
        {t('machinePanel.states.retry')}
      </Button>
    </Card>
  );
}
