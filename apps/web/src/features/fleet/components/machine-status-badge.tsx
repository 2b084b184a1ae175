import type { MachineCardState } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { badgeOf } from '../lib/card-rules';

/** The card's status badge: every state of docs/product.md §4 with its label and colour. */
export function MachineStatusBadge({ state }: { state: MachineCardState }) {
  const { t } = useTranslation();
  const { labelKey, variant } = badgeOf(state);
  return (
    <span
      className={`badge text-bg-${variant} text-wrap`}
      data-testid="machine-status"
      data-machine-state={state}
    >
      {state === 'waiting' && <span className="spinner-grow spinner-grow-sm me-1" aria-hidden="true" />}
      {t(`fleet.states.${labelKey}`)}
    </span>
  );
}
