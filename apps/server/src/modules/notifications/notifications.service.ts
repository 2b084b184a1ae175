import { createECDH } from 'node:crypto';
import { DEFAULT_LANGUAGE, type pushSubscriptionBodySchema, type VapidPublicKey } from '@portal/contract';
import webpush from 'web-push';
import type { z } from 'zod';
import { conflict, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { throwIfInvalid } from '../../shared/field-errors.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import type { NotificationsRepository, VapidKeys } from './notifications.repository.ts';
import type { PushEndpointPolicy } from './push-endpoint.ts';

type SubscribeBody = z.output<typeof pushSubscriptionBodySchema>;

/** Whether `key` is a point of P-256, so that messages can be encrypted for it (RFC 8291). */
function isP256PublicKey(key: string): boolean {
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The VAPID key pair and the users' subscriptions (docs/product.md §3, §4 and §7). */
export class NotificationsService {
  readonly #repository: NotificationsRepository;
  readonly #clock: Clock;
  readonly #endpoints: PushEndpointPolicy;
  #keys: Promise<VapidKeys> | undefined;

  constructor(repository: NotificationsRepository, clock: Clock, endpoints: PushEndpointPolicy) {
    this.#repository = repository;
    this.#clock = clock;
    this.#endpoints = endpoints;
  }

  /**
   * The server's VAPID key pair: the stored one, or, on the first start, a new one stored for every later
   * start and every other portal process (the first process to store its pair wins).
   */
  keys(): Promise<VapidKeys> {
    this.#keys ??= this.#loadKeys().catch((error: unknown) => {
      this.#keys = undefined;
      throw error;
    });
    return this.#keys;
  }

  async vapidPublicKey(): Promise<VapidPublicKey> {
    return { publicKey: (await this.keys()).publicKey };
  }

  /**
   * Keeps the browser's subscription for the signed-in user. Its push service must be one the portal may connect
   * to; an endpoint another user holds changes hands only with that subscription's own keys (the same browser,
   * a new user), never for whoever merely knows its address.
   */
  async subscribe(viewer: Viewer, body: SubscribeBody): Promise<void> {
    const refusal = await this.#endpoints.check(body.endpoint);
    throwIfInvalid([
      refusal
        ? { field: 'endpoint', code: 'invalid', message: `Not a push service the portal may use: ${refusal}` }
        : undefined,
      isP256PublicKey(body.keys.p256dh)
        ? undefined
        : { field: 'keys.p256dh', code: 'invalidFormat', message: 'Must be a P-256 public key' },
      Buffer.from(body.keys.auth, 'base64url').length === 16
        ? undefined
        : { field: 'keys.auth', code: 'invalidFormat', message: 'Must be 16 bytes' },
    ]);
    const saved = await this.#repository.upsert({
      userId: viewer.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      language: body.language ?? DEFAULT_LANGUAGE,
      createdAt: this.#clock(),
    });
    if (!saved) throw conflict('This push subscription belongs to another account');
  }

  /** Forgets one of the user's own subscriptions; anyone else's endpoint is as unknown as a missing one. */
  async unsubscribe(viewer: Viewer, endpoint: string): Promise<void> {
    if (!(await this.#repository.deleteOwn(viewer.id, endpoint))) throw notFound('Subscription');
  }

  async #loadKeys(): Promise<VapidKeys> {
    const stored = await this.#repository.vapidKeys();
    if (stored) return stored;
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    return this.#repository.keepVapidKeys({ publicKey, privateKey }, this.#clock());
  }
}
