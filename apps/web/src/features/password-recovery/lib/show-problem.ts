import type { TFunction } from 'i18next';
import { showToast } from '../../../lib/toast-store';
import type { RecoveryProblem } from './recovery-checks';

/** Raises the toast of a failed recovery check. */
export function showRecoveryProblem(problem: RecoveryProblem, t: TFunction): void {
  showToast({
    type: problem.type,
    body: t(problem.body),
    ...(problem.header && { header: t(problem.header) }),
  });
}
