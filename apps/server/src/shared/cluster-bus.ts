import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type BusListener<Message> = (message: Message) => void;

/**
 * Heard by this instance only, when it hears the other instances again after its link to them was lost: whatever
 * they said meanwhile was missed, so what is kept in memory on their word (checked sessions, machine grants) is
 * forgotten and read again.
 */
export const BUS_RESUMED = 'bus.resumed';

/**
 * Messages every instance of the deployment hears: what one instance changed that others hold in memory
 * (sessions ended, keys replaced, machines' states). A message is delivered to this instance's listeners at
 * once, in the publisher's call, and to the other instances' through Redis within milliseconds; one instance
 * alone (no Redis) needs nothing more than the first half.
 *
 * Delivery across instances is at most once (Redis publish/subscribe): what must never be missed is also
 * written to the database, and a message only tells others to look again.
 */
export interface ClusterBus {
  publish<Message>(channel: string, message: Message): void;
  /** Returns the unsubscribe. */
  subscribe<Message>(channel: string, listener: BusListener<Message>): () => void;
  /** Resolves once every subscription made so far hears the other instances: nothing they send is missed. */
  subscribed(): Promise<void>;
  /**
   * True for the one instance of the deployment that asks first for `key` within `ttlMs`, false for the others: what
   * several instances see alike but only one must do (announce a machine whose instance died).
   */
  once(key: string, ttlMs: number): Promise<boolean>;
}

/** The listeners of this instance, by channel. A listener that throws is reported and does not stop the others. */
class LocalListeners {
  readonly #channels = new Map<string, Set<BusListener<unknown>>>();

  deliver(channel: string, message: unknown): void {
    for (const listener of this.#channels.get(channel) ?? []) {
      try {
        listener(message);
      } catch (error) {
        process.emitWarning(String(error));
      }
    }
  }

  add(channel: string, listener: BusListener<unknown>): { first: boolean; remove: () => boolean } {
    let listeners = this.#channels.get(channel);
    const first = listeners === undefined;
    if (!listeners) {
      listeners = new Set();
      this.#channels.set(channel, listeners);
    }
    // A wrapper per subscription, so the same function subscribed twice is two subscriptions.
    const entry: BusListener<unknown> = (message) => listener(message);
    listeners.add(entry);
    return {
      first,
      remove: () => {
        listeners.delete(entry);
        if (listeners.size > 0) return false;
        this.#channels.delete(channel);
        return true;
      },
    };
  }
}

/** One instance: messages go to its own listeners only. */
export class InProcessBus implements ClusterBus {
  readonly #listeners = new LocalListeners();

  publish<Message>(channel: string, message: Message): void {
    this.#listeners.deliver(channel, message);
  }

  subscribe<Message>(channel: string, listener: BusListener<Message>): () => void {
    return this.#listeners.add(channel, listener as BusListener<unknown>).remove;
  }

  async subscribed(): Promise<void> {}

  async once(): Promise<boolean> {
    return true;
  }
}

/** A message as it travels through Redis: who sent it, so its sender does not hear it twice. */
interface Envelope {
  from: string;
  message: unknown;
}

/**
 * Several instances: each message is published on Redis as JSON and heard by every other instance. Needs two
 * connections, as a Redis connection that subscribes can do nothing else; ioredis reconnects both and
 * subscribes again after Redis comes back (messages published meanwhile are lost, see ClusterBus: this instance's
 * listeners of BUS_RESUMED are told).
 */
export class RedisBus implements ClusterBus {
  readonly #listeners = new LocalListeners();
  readonly #instance = randomUUID();
  readonly #publisher: Redis;
  readonly #subscriber: Redis;
  readonly #subscribing = new Set<Promise<unknown>>();
  readonly #prefix: string;
  readonly #onceKeys: string;

  /** `namespace`: the deployment's prefix of every channel, so several deployments can share one Redis. */
  constructor(publisher: Redis, subscriber: Redis, namespace: string) {
    this.#publisher = publisher;
    this.#subscriber = subscriber;
    this.#prefix = `${namespace}:bus:`;
    this.#onceKeys = `${namespace}:once:`;
    // ioredis says `ready` on every connection, the first one included (which may be made already).
    let heardBefore = subscriber.status === 'ready';
    subscriber.on('ready', () => {
      if (heardBefore) this.#listeners.deliver(BUS_RESUMED, {});
      heardBefore = true;
    });
    subscriber.on('message', (redisChannel: string, text: string) => {
      if (!redisChannel.startsWith(this.#prefix)) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(text) as Envelope;
      } catch {
        return;
      }
      if (envelope.from === this.#instance) return;
      this.#listeners.deliver(redisChannel.slice(this.#prefix.length), envelope.message);
    });
  }

  publish<Message>(channel: string, message: Message): void {
    this.#listeners.deliver(channel, message);
    const envelope: Envelope = { from: this.#instance, message };
    // Redis down: the other instances miss it, and this one's readiness says so (ClusterBus).
    this.#publisher.publish(this.#prefix + channel, JSON.stringify(envelope)).catch(() => undefined);
  }

  subscribe<Message>(channel: string, listener: BusListener<Message>): () => void {
    const { first, remove } = this.#listeners.add(channel, listener as BusListener<unknown>);
    if (first) {
      const subscribing = this.#subscriber.subscribe(this.#prefix + channel).catch(() => undefined);
      this.#subscribing.add(subscribing);
      void subscribing.finally(() => this.#subscribing.delete(subscribing));
    }
    return () => {
      if (remove()) this.#subscriber.unsubscribe(this.#prefix + channel).catch(() => undefined);
    };
  }

  async subscribed(): Promise<void> {
    while (this.#subscribing.size > 0) await Promise.all([...this.#subscribing]);
  }

  async once(key: string, ttlMs: number): Promise<boolean> {
    const set = await this.#publisher.set(`${this.#onceKeys}${key}`, this.#instance, 'PX', ttlMs, 'NX');
    return set === 'OK';
  }
}
