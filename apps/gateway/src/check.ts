import { gatewayAuthorization } from '@portal/tunnel';
import type { CheckResult } from './check-result.ts';
import type { ValidGatewayConfig } from './config.ts';
import { checkBoard, checkWebcam } from './relay/upstream-checks.ts';
import { checkPortal } from './tunnel/portal-check.ts';
import { GATEWAY_VERSION } from './version.ts';

/** One line of `portal-gateway --check`: what was checked, where, and what came of it. */
export interface CheckLine {
  readonly name: 'configuration' | 'board' | 'webcam' | 'portal';
  /** The address checked, as configured; empty for the configuration itself. */
  readonly subject: string;
  readonly result: CheckResult;
}

/** How long each check waits for an answer: a board on the LAN answers in milliseconds, a portal in a second. */
const CHECK_TIMEOUT_MS = 8_000;

/**
 * `portal-gateway --check` (apps/gateway/README.md): the configuration (already valid when this runs), the board,
 * the webcam if there is one, and the portal, checked at once; each line says what passed, or what failed and how
 * to fix it.
 */
export async function runChecks(
  config: ValidGatewayConfig,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<CheckLine[]> {
  const [board, webcam, portal] = await Promise.all([
    checkBoard(config.board, config.boardPassword, timeoutMs),
    config.webcam
      ? checkWebcam(config.webcam, timeoutMs)
      : Promise.resolve<CheckResult>({ outcome: 'skip', summary: 'none configured (--webcam)' }),
    checkPortal({
      server: config.server,
      controller: config.controller,
      authorization: gatewayAuthorization(config.controller, config.key),
      version: GATEWAY_VERSION,
      timeoutMs,
    }),
  ]);
  return [
    {
      name: 'configuration',
      subject: '',
      result: {
        outcome: 'pass',
        summary: `valid, controller ${config.controller}, gateway ${GATEWAY_VERSION}`,
      },
    },
    { name: 'board', subject: config.board, result: board },
    { name: 'webcam', subject: config.webcam ?? '', result: webcam },
    { name: 'portal', subject: new URL(config.server).origin, result: portal },
  ];
}

const LABELS = { pass: 'ok', fail: 'FAIL', skip: 'skip' } as const;

/** One line: `ok    board http://192.168.1.50: reachable, …` or `FAIL  portal …: … Fix: …`. */
export function formatCheckLine({ name, subject, result }: CheckLine): string {
  const head = `${LABELS[result.outcome].padEnd(4)}  ${name}${subject ? ` ${subject}` : ''}: ${result.summary}`;
  return result.outcome === 'fail' ? `${head}. Fix: ${result.fix}.` : head;
}
