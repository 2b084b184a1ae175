import type { MaintenanceCriterion } from '@portal/contract';

/**
 * A counter or interval as the page shows it, in the page's language: hours and metres with at most one decimal
 * (the API answers two), jobs and days whole.
 */
export function formatAmount(value: number, criterion: MaintenanceCriterion, language: string): string {
  const fractional = criterion === 'hours' || criterion === 'metres';
  return new Intl.NumberFormat(language, { maximumFractionDigits: fractional ? 1 : 0 }).format(value);
}
