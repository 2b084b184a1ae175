import type { Agent } from 'node:https';
import type { PushMessage } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import webpush from 'web-push';
import type { PushTarget, VapidKeys } from './notifications.repository.ts';
import type { PushEndpointPolicy } from './push-endpoint.ts';

/** A day: a machine or ticket notification older than that is no longer worth showing. */
const TTL_SECONDS = 24 * 60 * 60;

export interface PushSenderOptions {
  /** The server's VAPID key pair. */
  keys(): Promise<VapidKeys>;
  /** The VAPID subject: a `mailto:` or `https:` address push services may write to. */
  subject: string;
  /** Forgets a subscription the push service says is gone (404, 410). */
  forget(endpoint: string): Promise<void>;
  /** How long one push service may take to answer. */
  timeoutMs: number;
  /** Requests in flight at once, and how many more may wait; past that, messages are dropped and logged. */
  concurrency: number;
  maxQueued: number;
  /** Which push services the portal may connect to (checked again before each message). */
  endpoints: PushEndpointPolicy;
  /** The TLS agent: connects only to addresses the policy allows (and trusts a self-hosted service's CA). */
  agent: Agent;
}

/**
 * Sends encrypted push messages (RFC 8291, aes128gcm, signed with VAPID) through the `web-push` library, a
 * few at a time. Sending never throws: a failure is logged, and a subscription the push service no longer
 * knows is deleted.
 */
export class PushSender {
  readonly #options: PushSenderOptions;
  readonly #limit: ReturnType<typeof pLimit>;
  #log: FastifyBaseLogger | undefined;

  constructor(options: PushSenderOptions) {
    this.#options = options;
    this.#limit = pLimit(options.concurrency);
  }

  useLog(log: FastifyBaseLogger): void {
    this.#log = log;
  }

  /** Resolves once the message was delivered, refused or dropped. */
  async send(target: PushTarget, message: PushMessage): Promise<void> {
    if (this.#limit.pendingCount >= this.#options.maxQueued) {
      this.#log?.warn({ kind: message.kind }, 'push queue full: notification dropped');
      return;
    }
    await this.#limit(() => this.#deliver(target, message));
  }

  async #deliver(target: PushTarget, message: PushMessage): Promise<void> {
    try {
      const refusal = await this.#options.endpoints.check(target.endpoint);
      if (refusal) {
        this.#log?.warn(
          { userId: target.userId, refusal },
          'push notification not sent: endpoint not allowed',
        );
        return;
      }
      const { publicKey, privateKey } = await this.#options.keys();
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: this.#options.subject, publicKey, privateKey },
          TTL: TTL_SECONDS,
          timeout: this.#options.timeoutMs,
          contentEncoding: 'aes128gcm',
          agent: this.#options.agent,
        },
      );
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) {
        await this.#options.forget(target.endpoint).catch((forgetError: unknown) => {
          this.#log?.warn({ err: forgetError }, 'gone push subscription not deleted');
        });
        this.#log?.info({ userId: target.userId, status }, 'push subscription gone: deleted');
        return;
      }
      this.#log?.warn({ err: error, userId: target.userId, status }, 'push notification not delivered');
    }
  }
}
