import {
  MACHINE_STATUS_EVENTS,
  type MachineCardState,
  type MachineStatus,
  machineStatusListSchema,
  machineStatusSchema,
  queueChangeEventSchema,
} from '@portal/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { urlOf } from '../../../lib/api/client';
import { useSession } from '../../../lib/session-store';
import { machineStatusesQueryKey } from './fleet-keys';

// After the server refused or ended a stream (an expired token, a restart), the next try waits this
// long, doubling up to the refresh period: the 60 s calls cover the statuses meanwhile.
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60_000;

/**
 * What the stream tells besides the statuses it writes into the cache, for screens whose own reads depend on the
 * machines (app/ composes them: no feature reads another's cache): a snapshot (sent on every connection, so
 * whatever happened while it was down is to be read again), a machine whose card state changed, and a business
 * whose print queue changed.
 */
export type StreamNotice =
  | { type: 'snapshot' }
  | { type: 'stateChanged'; machineGroupId: number }
  | { type: 'queue'; business: number };

/**
 * The one event stream of the app (docs/design.md §8, habit 12): the machines' status stream, whose
 * events go straight into the status query's cache. Every component that needs live statuses holds it
 * through useMachineStatusStream; the stream opens with the first and closes with the last.
 */
class MachineStatusStream {
  #holders = 0;
  #client: QueryClient | null = null;
  #token: string | null = null;
  #source: EventSource | null = null;
  #open = false;
  #retryDelay = RETRY_FIRST_MS;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #listeners = new Set<() => void>();
  readonly #noticeListeners = new Set<(notice: StreamNotice) => void>();
  /**
   * Each machine's card state as the stream last said, kept here rather than read from the cache, which drops
   * the statuses while no screen shows them; null until the connection's snapshot.
   */
  #states: Map<number, MachineCardState> | null = null;

  hold(client: QueryClient): () => void {
    this.#holders += 1;
    this.#client = client;
    if (this.#holders === 1) this.#connect();
    // Live data alone does not keep the session: only the wall view does, while on screen (docs/design.md §4).
    return () => {
      this.#holders -= 1;
      if (this.#holders === 0) this.#disconnect();
    };
  }

  /** The session's token: a new one (a refreshed login) opens a new stream, none closes it. */
  setToken(token: string | null): void {
    if (token === this.#token) return;
    this.#token = token;
    if (this.#holders > 0) this.#connect();
  }

  isOpen = (): boolean => this.#open;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Hears the stream's notices; returns the unsubscribe. */
  listen(listener: (notice: StreamNotice) => void): () => void {
    this.#noticeListeners.add(listener);
    return () => {
      this.#noticeListeners.delete(listener);
    };
  }

  #tell(notice: StreamNotice): void {
    for (const listener of this.#noticeListeners) listener(notice);
  }

  #setOpen(open: boolean): void {
    if (open === this.#open) return;
    this.#open = open;
    for (const listener of this.#listeners) listener();
  }

  #disconnect(): void {
    clearTimeout(this.#retryTimer);
    this.#source?.close();
    this.#source = null;
    this.#states = null;
    this.#setOpen(false);
  }

  #connect(): void {
    this.#disconnect();
    const client = this.#client;
    if (!client || !this.#token) return;
    const source = new EventSource(urlOf('/api/v1/machines/status/stream', { token: this.#token }));
    this.#source = source;
    source.addEventListener('open', () => {
      this.#retryDelay = RETRY_FIRST_MS;
      this.#setOpen(true);
    });
    source.addEventListener(MACHINE_STATUS_EVENTS.snapshot, (event) => {
      const parsed = machineStatusListSchema.safeParse(readData(event));
      if (!parsed.success) return;
      writeStatuses(client, () => parsed.data);
      this.#states = new Map(parsed.data.map((item) => [item.machineGroupId, item.status.state]));
      this.#tell({ type: 'snapshot' });
    });
    source.addEventListener(MACHINE_STATUS_EVENTS.status, (event) => {
      const parsed = machineStatusSchema.safeParse(readData(event));
      if (!parsed.success) return;
      writeStatuses(client, (list) => withStatus(list, parsed.data));
      const changed = stateChanged(this.#states, parsed.data);
      this.#states?.set(parsed.data.machineGroupId, parsed.data.status.state);
      if (changed) this.#tell({ type: 'stateChanged', machineGroupId: parsed.data.machineGroupId });
    });
    source.addEventListener(MACHINE_STATUS_EVENTS.queue, (event) => {
      const parsed = queueChangeEventSchema.safeParse(readData(event));
      if (parsed.success) this.#tell({ type: 'queue', business: parsed.data.business });
    });
    source.addEventListener('error', () => {
      this.#setOpen(false);
      // While CONNECTING the browser retries by itself; CLOSED means the server refused the stream.
      if (source.readyState !== EventSource.CLOSED || this.#source !== source) return;
      this.#retryTimer = setTimeout(() => this.#connect(), this.#retryDelay);
      this.#retryDelay = Math.min(this.#retryDelay * 2, RETRY_MAX_MS);
    });
  }
}

function readData(event: Event): unknown {
  try {
    return JSON.parse((event as MessageEvent<string>).data);
  } catch {
    return undefined;
  }
}

/**
 * Writes what the stream says into the statuses' cache. A call for the statuses still under way may carry older
 * ones (the server read them before the stream's snapshot or event): landing after it, it would put them back, and
 * with the stream open nothing calls again, so a card could stay "waiting". Such a call is cancelled first.
 */
export function writeStatuses(
  client: QueryClient,
  update: (list: MachineStatus[] | undefined) => MachineStatus[] | undefined,
): void {
  const next = update(client.getQueryData<MachineStatus[]>(machineStatusesQueryKey));
  if (next === undefined) return;
  void client.cancelQueries({ queryKey: machineStatusesQueryKey });
  client.setQueryData(machineStatusesQueryKey, next);
}

/** The list with one machine's new status in place (or added: it became visible since the snapshot). */
export function withStatus(
  list: MachineStatus[] | undefined,
  next: MachineStatus,
): MachineStatus[] | undefined {
  if (!list) return list;
  const index = list.findIndex((item) => item.machineGroupId === next.machineGroupId);
  return index === -1 ? [...list, next] : list.map((item, at) => (at === index ? next : item));
}

/**
 * Whether a status event changes its machine's card state (idle, processing, offline…) from the one the stream
 * last said; a machine it has not told of yet counts as changed, and nothing before the first snapshot does.
 */
export function stateChanged(
  states: ReadonlyMap<number, MachineCardState> | null,
  next: MachineStatus,
): boolean {
  return states !== null && states.get(next.machineGroupId) !== next.status.state;
}

const stream = new MachineStatusStream();

/** Holds the app's status stream open while the calling component is mounted; returns whether it is open. */
export function useMachineStatusStream(): boolean {
  const client = useQueryClient();
  const token = useSession()?.token ?? null;
  useEffect(() => stream.setToken(token), [token]);
  useEffect(() => stream.hold(client), [client]);
  return useSyncExternalStore(stream.subscribe, stream.isOpen);
}

/**
 * Holds the app's status stream open, as useMachineStatusStream, and hears its notices while the calling
 * component is mounted; returns whether the stream is open.
 */
export function useMachineStreamNotices(listener: (notice: StreamNotice) => void): boolean {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => stream.listen((notice) => latest.current(notice)), []);
  return useMachineStatusStream();
}
