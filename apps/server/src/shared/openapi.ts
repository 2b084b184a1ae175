import { ERROR_CATALOG, errorBodySchema, errorCodesWithStatus } from '@portal/contract';

/**
 * The error answers a route may give, for its OpenAPI description: each status lists the catalog's
 * codes of that status, so the documentation can never drift from the catalog.
 */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => {
      const lines = errorCodesWithStatus(status).map((code) => `\`${code}\`: ${ERROR_CATALOG[code].message}`);
      return [status, errorBodySchema.describe(lines.join('; ') || 'Error')];
    }),
  );
}
