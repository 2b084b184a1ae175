import { errorBodySchema } from '@portal/contract';
import { expect } from 'vitest';

/**
 * Machines with no gateway connected answer their documented offline codes (docs/design.md §5); nothing else is
 * 5xx, and every error answer has the error format.
 */
const OFFLINE_CODES = ['GATEWAY_OFFLINE', 'BOARD_OFFLINE', 'BOARD_TIMEOUT'];

export function expectNoServerFault(
  response: { statusCode: number; body: string; json(): unknown },
  what: string,
) {
  if (response.statusCode >= 500) {
    expect(OFFLINE_CODES, what).toContain((response.json() as { code?: string }).code);
  }
  if (response.statusCode >= 400) {
    expect(errorBodySchema.safeParse(response.json()).success, `${what}: ${response.body}`).toBe(true);
  }
}
