import { createECDH } from 'node:crypto';
import { DEFAULT_LANGUAGE, type pushSubscriptionBodySchema, type VapidPublicKey } from '@portal/contract';
import webpush from 'web-push';
import type { z } from 'zod';
import { notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { throwIfInvalid } from '../../shared/field-errors.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import type { NotificationsRepository, VapidKeys } from './notifications.repository.ts';

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

/** The VAPID key pair and the users' subscriptions (specification sections 3, 4 and 7). */
export class NotificationsService {
  readonly #repository: NotificationsRepository;
  readonly #clock: Clock;
  #keys: Promise<VapidKeys> | undefined;

  constructor(repository: NotificationsRepository, clock: Clock) {
    this.#repository = repository;
    this.#clock = clock;
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

  /** Keeps the browser's subscription for the signed-in user (an endpoint already known changes hands). */
  async subscribe(viewer: Viewer, body: SubscribeBody): Promise<void> {
    throwIfInvalid([
      isP256PublicKey(body.keys.p256dh)
        ? undefined
        : { field: 'keys.p256dh', code: 'invalidFormat', message: 'Must be a P-256 public key' },
      Buffer.from(body.keys.auth, 'base64url').length === 16
        ? undefined
        : { field: 'keys.auth', code: 'invalidFormat', message: 'Must be 16 bytes' },
    ]);
    await this.#repository.upsert({
      userId: viewer.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      language: body.language ?? DEFAULT_LANGUAGE,
      createdAt: this.#clock(),
    });
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
