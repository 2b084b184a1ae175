import type { License } from '@portal/contract';
import type { LicenseRow } from './licenses.repository.ts';

/** Row -> response: `expiry` stays a duration, `activation` becomes epoch milliseconds. */
export const toLicenseResponse = (row: LicenseRow, includeComputer = false): License => ({
  id: row.id,
  business: row.businessId,
  expiry: row.expiryMs,
  activation: row.activation?.getTime() ?? null,
  computer: row.computerId,
  ...(includeComputer && { computerName: row.computerName }),
});
