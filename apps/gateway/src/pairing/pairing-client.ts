import { createHash, randomBytes } from 'node:crypto';
import {
  PAIRING_PATH,
  PAIRING_POLL_MS,
  PAIRING_STATUS_PATH,
  type PairingIssued,
  pairingIssuedSchema,
  pairingStatusSchema,
} from '@portal/tunnel';

/** What a paired gateway learned: its controller, the key it made, and where its board and webcam are. */
export interface PairedCredentials {
  controller: number;
  key: string;
  board: string;
  webcam: string | null;
}

export interface PairingOptions {
  /** The portal's address as configured (https://, http://, wss:// or ws://, optionally with a path prefix). */
  server: string;
  version: string;
  /** A code to show (again, when the last one expired unclaimed). */
  onCode(issued: PairingIssued): void;
  /** Something went wrong that the pairing rides out (the portal unreachable, a limit reached). */
  onProblem?(message: string): void;
  /** How often to ask whether the code was claimed. */
  pollMs?: number;
  /** Waits (tests give one that does not). */
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  signal?: AbortSignal;
}

/** How long to wait after a failed call that named no wait of its own. */
const RETRY_MS = 10_000;
/** Any call to the portal gives up after this. */
const CALL_TIMEOUT_MS = 15_000;

/** The portal's HTTP address for a path: a ws:// or wss:// setting names the same server. */
export function portalUrl(server: string, path: string): string {
  const url = new URL(server);
  if (url.protocol === 'ws:') url.protocol = 'http:';
  else if (url.protocol === 'wss:') url.protocol = 'https:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

class PortalAnswer extends Error {
  readonly status: number;
  readonly retryAfterMs: number | undefined;

  constructor(status: number, retryAfterMs: number | undefined, message: string) {
    super(message);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/** The portal's own message in its error body, or the start of whatever else answered. */
function messageOf(text: string): string {
  try {
    return (JSON.parse(text) as { message?: string }).message ?? text.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}

async function post(url: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
  // AbortSignal.any is Node 20.3+: the gateway runs on Node 18.19.
  const call = new AbortController();
  const timer = setTimeout(() => call.abort(new Error('no answer within 15 s')), CALL_TIMEOUT_MS);
  const stop = () => call.abort(signal?.reason);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: call.signal,
    });
    const text = await response.text();
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new PortalAnswer(
        response.status,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
        messageOf(text),
      );
    }
    return JSON.parse(text);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * Pairs with a code (docs/design.md §5d): makes a key of 256 random bits, asks the portal for a code with the key's
 * SHA-256, shows it, and asks every few seconds whether it was claimed; an expired code is replaced by a new one.
 * The key never leaves this computer but to the portal, as it will on every connection. Resolves once paired.
 */
export async function pairGateway(options: PairingOptions): Promise<PairedCredentials> {
  const { sleep = defaultSleep, signal, pollMs = PAIRING_POLL_MS } = options;
  const key = randomBytes(32).toString('base64url');
  const keyHash = createHash('sha256').update(key, 'utf8').digest('hex');
  const problem = (error: unknown) => {
    options.onProblem?.(
      error instanceof PortalAnswer
        ? `the portal answered ${error.status}: ${error.message}`
        : `the portal cannot be reached: ${(error as Error).message}`,
    );
    return error instanceof PortalAnswer && error.retryAfterMs !== undefined ? error.retryAfterMs : RETRY_MS;
  };
  for (;;) {
    signal?.throwIfAborted();
    let issued: PairingIssued;
    try {
      issued = pairingIssuedSchema.parse(
        await post(portalUrl(options.server, PAIRING_PATH), { keyHash, version: options.version }, signal),
      );
    } catch (error) {
      signal?.throwIfAborted();
      await sleep(problem(error), signal);
      continue;
    }
    options.onCode(issued);
    for (;;) {
      await sleep(pollMs, signal);
      try {
        const status = pairingStatusSchema.parse(
          await post(portalUrl(options.server, PAIRING_STATUS_PATH), { code: issued.code, key }, signal),
        );
        if (status.state === 'paired') {
          return { controller: status.controller, key, board: status.board, webcam: status.webcam };
        }
      } catch (error) {
        signal?.throwIfAborted();
        // 404: the code expired unclaimed (or the portal forgot it): ask for a new one.
        if (error instanceof PortalAnswer && error.status === 404) break;
        await sleep(problem(error), signal);
      }
    }
  }
}
