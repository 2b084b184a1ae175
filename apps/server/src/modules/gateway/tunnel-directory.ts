import type { Redis } from 'ioredis';
import type { ClusterBus } from '../../shared/cluster-bus.ts';

/** Where a controller's tunnel is held: the instance, the address its peers dial, and the claim's number. */
export interface TunnelHolder {
  instance: string;
  address: string;
  /** Rises with every claim in the deployment: of two claims on one controller, the higher one is the tunnel. */
  epoch: number;
}

/** This instance as its peers know it. */
export interface InstanceIdentity {
  id: string;
  /** `host:port` of its instance link (instance-link.ts). */
  address: string;
}

/**
 * A lease outlives a dead holder by at most this long; with the map read again every third of it, every instance
 * forgets a dead holder within 14 s (docs/design.md §7).
 */
export const LEASE_MS = 10_000;

/**
 * Claims a controller's tunnel: a number of the deployment's sequence, and the lease stating it. The number is above
 * the lease's and the highest the claimant knows (ARGV[3]), so that a Redis that lost its data (restarted) never hands
 * out a number below one still in use: a fresh tunnel must win over the one it replaces.
 */
const CLAIM = `
local epoch = redis.call('INCR', KEYS[2])
local floor = tonumber(ARGV[3])
local current = redis.call('GET', KEYS[1])
if current then
  local leased = tonumber(string.match(current, '(%d+)$'))
  if leased and leased > floor then floor = leased end
end
if epoch <= floor then
  epoch = floor + 1
  redis.call('SET', KEYS[2], epoch)
end
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. epoch, 'PX', ARGV[2])
return epoch`;

/** The value a given-up lease leaves behind for one lease's time. */
const RELEASED = 'released';

/**
 * Gives up a lease, unless a newer claim holds it already. What stays for a lease is a mark that it was given up, so
 * that an instance reading the map before the bus's message arrives does not take it for a holder that died.
 */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], '${RELEASED}', 'PX', ARGV[2])
  return 1
end
return 0`;

/**
 * Renews the leases this instance holds; one that expired meanwhile (Redis was away) is taken again, and the indexes
 * (1-based) of those another instance claimed are returned: those tunnels are not this instance's any more.
 */
const RENEW = `
local lost = {}
for index, key in ipairs(KEYS) do
  local current = redis.call('GET', key)
  if current == ARGV[index + 1] or current == false then
    redis.call('SET', key, ARGV[index + 1], 'PX', ARGV[1])
  else
    table.insert(lost, index)
  end
end
return lost`;

interface ClaimMessage {
  controllerId: number;
  holder: TunnelHolder | null;
  /** With `holder` null: the claim that ended. */
  epoch: number;
}

interface HeldTunnel {
  /** Unknown while its claim has not reached Redis (it is made again on the next renewal). */
  epoch: number | undefined;
  lost: () => void;
}

export interface TunnelDirectoryOptions {
  redis: Redis;
  bus: ClusterBus;
  namespace: string;
  self: InstanceIdentity;
  leaseMs?: number;
  /** Told of what went wrong talking to Redis (readiness shows Redis lost; this says what was not done). */
  warn: (error: unknown, message: string) => void;
}

/**
 * Which instance of the deployment holds each controller's tunnel (docs/design.md §7). Redis keeps one key per
 * tunnel, `{instance} {address} {epoch}` with a lease the holder renews every third of it, so a holder that dies
 * is forgotten within LEASE_MS. Every instance keeps a copy of the whole map in memory, updated by the bus's
 * claim and release messages and read again from Redis every renewal, so finding a holder never waits.
 *
 * A tunnel claimed on another instance for a controller held here ends here: the newer claim wins, wherever the
 * messages arrive first.
 */
export class TunnelDirectory {
  readonly #redis: Redis;
  readonly #bus: ClusterBus;
  readonly #self: InstanceIdentity;
  readonly #leaseMs: number;
  readonly #warn: TunnelDirectoryOptions['warn'];
  readonly #prefix: string;
  readonly #sequence: string;
  /** The tunnels held here. */
  readonly #held = new Map<number, HeldTunnel>();
  /** The tunnels other instances hold. */
  readonly #others = new Map<number, TunnelHolder>();
  readonly #listeners = new Set<(controllerId: number) => void>();
  readonly #expiryListeners = new Set<(controllerId: number, epoch: number) => void>();
  #timer: NodeJS.Timeout | undefined;
  /**
   * Until then, leases missing from Redis are not taken for dead holders: this instance could not reach Redis
   * lately, and the holders may not have renewed what expired meanwhile yet (Redis away for everyone).
   */
  #judgeAfter = 0;
  #unreachable = false;
  #unsubscribe: (() => void) | undefined;

  constructor({ redis, bus, namespace, self, leaseMs = LEASE_MS, warn }: TunnelDirectoryOptions) {
    this.#redis = redis;
    this.#bus = bus;
    this.#self = self;
    this.#leaseMs = leaseMs;
    this.#warn = warn;
    this.#prefix = `${namespace}:tunnel:`;
    this.#sequence = `${namespace}:tunnel-epoch`;
  }

  /** Listens to the other instances' claims and reads the map; then renews and reads it again every third of a lease. */
  async start(): Promise<void> {
    this.#unsubscribe = this.#bus.subscribe<ClaimMessage>('tunnels', (message) => this.#heard(message));
    // A connection made again may be to a Redis that lost everything (restarted) between two renewals, which this
    // instance's own renewals never noticed: the holders have not claimed their tunnels again yet.
    this.#redis.on('ready', this.#reconnected);
    await this.#bus.subscribed();
    await this.#refreshNoting('tunnel directory not read');
    this.#timer = setInterval(() => void this.#refreshNoting('tunnel leases not renewed'), this.#leaseMs / 3);
    this.#timer.unref();
  }

  /** Stops renewing; the leases of tunnels still held expire by themselves (their tunnels are closing). */
  stop(): void {
    clearInterval(this.#timer);
    this.#redis.off('ready', this.#reconnected);
    this.#unsubscribe?.();
  }

  readonly #reconnected = () => {
    this.#judgeAfter = Date.now() + this.#leaseMs;
  };

  /** The instance holding a controller's tunnel, when it is another one. */
  heldElsewhere(controllerId: number): TunnelHolder | undefined {
    return this.#others.get(controllerId);
  }

  /** The controllers whose tunnels other instances hold. */
  elsewhere(): IterableIterator<number> {
    return this.#others.keys();
  }

  /** Called whenever another instance takes or leaves a controller's tunnel; returns the unsubscribe. */
  onChange(listener: (controllerId: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Called when a tunnel's lease expired without its holder giving it up (the holder died or lost Redis), after the
   * change; returns the unsubscribe.
   */
  onExpired(listener: (controllerId: number, epoch: number) => void): () => void {
    this.#expiryListeners.add(listener);
    return () => this.#expiryListeners.delete(listener);
  }

  /**
   * This instance holds the controller's tunnel now: claimed in Redis and announced. `lost` is called if a newer claim
   * elsewhere takes it, and the tunnel must end.
   */
  hold(controllerId: number, lost: () => void): void {
    const held: HeldTunnel = { epoch: undefined, lost };
    this.#held.set(controllerId, held);
    void this.#claim(controllerId, held);
  }

  /** The tunnel held here ended: the lease is given up, unless a newer claim has it already. */
  release(controllerId: number): void {
    const held = this.#held.get(controllerId);
    if (!held) return;
    this.#held.delete(controllerId);
    if (held.epoch === undefined) return;
    const epoch = held.epoch;
    this.#redis
      .eval(RELEASE, 1, this.#prefix + controllerId, this.#value(epoch), this.#leaseMs)
      .then(() => this.#bus.publish<ClaimMessage>('tunnels', { controllerId, holder: null, epoch }))
      .catch((error: unknown) => this.#warn(error, 'tunnel lease not released'));
  }

  async #claim(controllerId: number, held: HeldTunnel): Promise<void> {
    try {
      const epoch = Number(
        await this.#redis.eval(
          CLAIM,
          2,
          this.#prefix + controllerId,
          this.#sequence,
          `${this.#self.id} ${this.#self.address}`,
          this.#leaseMs,
          this.#others.get(controllerId)?.epoch ?? 0,
        ),
      );
      if (this.#held.get(controllerId) !== held) {
        // The tunnel ended while its claim was under way.
        await this.#redis.eval(RELEASE, 1, this.#prefix + controllerId, this.#value(epoch), this.#leaseMs);
        return;
      }
      held.epoch = epoch;
      const other = this.#others.get(controllerId);
      if (other && other.epoch > epoch) {
        this.#lose(controllerId);
        return;
      }
      this.#forget(controllerId);
      this.#bus.publish<ClaimMessage>('tunnels', {
        controllerId,
        holder: { instance: this.#self.id, address: this.#self.address, epoch },
        epoch,
      });
    } catch (error) {
      this.#warn(error, 'tunnel not claimed (claimed again on the next renewal)');
    }
  }

  #value(epoch: number): string {
    return `${this.#self.id} ${this.#self.address} ${epoch}`;
  }

  #heard({ controllerId, holder, epoch }: ClaimMessage): void {
    if (holder) {
      if (holder.instance === this.#self.id) return;
      const known = this.#others.get(controllerId);
      if (known && known.epoch > holder.epoch) return;
      const mine = this.#held.get(controllerId);
      if (mine?.epoch !== undefined && mine.epoch > holder.epoch) return;
      this.#others.set(controllerId, holder);
      // A claim of this instance's still under way is decided when it returns, by the numbers.
      if (mine?.epoch !== undefined) this.#lose(controllerId);
      this.#changed(controllerId);
      return;
    }
    if (this.#others.get(controllerId)?.epoch === epoch) this.#forget(controllerId);
  }

  /** A newer claim elsewhere took the tunnel held here. */
  #lose(controllerId: number): void {
    const held = this.#held.get(controllerId);
    if (!held) return;
    this.#held.delete(controllerId);
    held.lost();
  }

  #forget(controllerId: number): void {
    if (this.#others.delete(controllerId)) this.#changed(controllerId);
  }

  #changed(controllerId: number): void {
    for (const listener of this.#listeners) listener(controllerId);
  }

  async #refreshNoting(failure: string): Promise<void> {
    try {
      await this.#refresh();
      if (this.#unreachable) this.#judgeAfter = Date.now() + this.#leaseMs;
      this.#unreachable = false;
    } catch (error) {
      this.#unreachable = true;
      this.#warn(error, failure);
    }
  }

  /** Renews this instance's leases (claiming those not claimed yet), then reads the whole map from Redis. */
  async #refresh(): Promise<void> {
    const renewing = [...this.#held].filter(([, held]) => held.epoch !== undefined);
    for (const [controllerId, held] of this.#held) {
      if (held.epoch === undefined) void this.#claim(controllerId, held);
    }
    if (renewing.length > 0) {
      const lost = (await this.#redis.eval(
        RENEW,
        renewing.length,
        ...renewing.map(([controllerId]) => this.#prefix + controllerId),
        this.#leaseMs,
        ...renewing.map(([, held]) => this.#value(held.epoch as number)),
      )) as number[];
      for (const index of lost) {
        const [controllerId, held] = renewing[index - 1] as [number, HeldTunnel];
        if (this.#held.get(controllerId) === held) this.#lose(controllerId);
      }
    }
    const { holders: read, released } = await this.#readAll();
    for (const [controllerId, holder] of read) {
      const known = this.#others.get(controllerId);
      if (known?.instance === holder.instance && known.epoch === holder.epoch) continue;
      const mine = this.#held.get(controllerId);
      if (mine?.epoch !== undefined && mine.epoch >= holder.epoch) continue;
      this.#others.set(controllerId, holder);
      if (mine?.epoch !== undefined) this.#lose(controllerId);
      this.#changed(controllerId);
    }
    if (Date.now() < this.#judgeAfter) return;
    for (const [controllerId, holder] of [...this.#others]) {
      if (read.has(controllerId)) continue;
      this.#forget(controllerId);
      // Given up, its bus message still on its way: no holder died.
      if (released.has(controllerId)) continue;
      for (const listener of this.#expiryListeners) listener(controllerId, holder.epoch);
    }
  }

  /** Every lease in Redis but this instance's own, and the controllers whose leases were given up lately. */
  async #readAll(): Promise<{ holders: Map<number, TunnelHolder>; released: Set<number> }> {
    const holders = new Map<number, TunnelHolder>();
    const released = new Set<number>();
    let cursor = '0';
    do {
      const [next, keys] = await this.#redis.scan(cursor, 'MATCH', `${this.#prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length === 0) continue;
      const values = await this.#redis.mget(...keys);
      keys.forEach((key, index) => {
        const value = values[index] ?? '';
        const [instance, address, epoch] = value.split(' ');
        const controllerId = Number(key.slice(this.#prefix.length));
        if (!Number.isSafeInteger(controllerId)) return;
        if (value === RELEASED) released.add(controllerId);
        if (!instance || !address || !epoch || instance === this.#self.id) return;
        holders.set(controllerId, { instance, address, epoch: Number(epoch) });
      });
    } while (cursor !== '0');
    return { holders, released };
  }
}
