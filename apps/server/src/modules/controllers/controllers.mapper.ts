import type { ComputerController, License } from '@portal/contract';
import type { ControllerRow, LicenseRow } from './controllers.repository.ts';
import { isOutdatedGateway } from './gateway-version.ts';

/** Row -> response: the key hash is not even in the row, so it can never leave through here. */
export const toControllerResponse = (row: ControllerRow, connected: boolean): ComputerController => ({
  id: row.id,
  name: row.name,
  type: row.typeId,
  license: row.licenseId,
  business: row.businessId,
  machine: row.machineGroupId,
  keyCreatedAt: row.keyCreatedAt?.toISOString() ?? null,
  gateway: {
    connected,
    lastSeenAt: row.gatewaySeenAt?.toISOString() ?? null,
    version: row.gatewayVersion,
    outdated: isOutdatedGateway(row.gatewayVersion),
    report:
      row.gatewayReport && row.gatewayReportedAt
        ? {
            reportedAt: row.gatewayReportedAt.toISOString(),
            uptimeSeconds: row.gatewayReport.uptimeSeconds,
            board: row.gatewayReport.board,
          }
        : null,
  },
});

export const toLicenseDetails = (row: LicenseRow): License => ({
  id: row.id,
  business: row.businessId,
  expiry: row.expiryMs,
  activation: row.activation?.getTime() ?? null,
  computer: row.controllerId,
});
