import type { MaintenanceState } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/** Each state's colour: overdue red, due soon amber, in order green. */
export const STATE_VARIANTS: Record<MaintenanceState, string> = {
  overdue: 'danger',
  dueSoon: 'warning',
  ok: 'success',
};

/** A task's due state as a badge (docs/design.md §12). */
export function MaintenanceStateBadge({ state }: { state: MaintenanceState }) {
  const { t } = useTranslation();
  return (
    <span
      className={`badge text-bg-${STATE_VARIANTS[state]} text-wrap`}
      data-testid="maintenance-state"
      data-state={state}
    >
      {state !== 'ok' && <i className="bi bi-wrench-adjustable me-1" aria-hidden="true" />}
      {t(`maintenance.states.${state}`)}
    </span>
  );
}
