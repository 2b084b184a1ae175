import {
  dsfModelSchema,
  encodeBoardQuery,
  type NonLiveKey,
  type NonLiveModel,
  readBoardAnswer,
  rrKeyAnswerSchemas,
  rrLiveAnswerSchema,
  type TrackedSeqs,
} from '@portal/duet/protocol';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import {
  type BoardFailure,
  type BoardIdentity,
  type BoardReadOutcome,
  boardJobOf,
  heatersOf,
  identityOf,
} from './board-reading.ts';
import { type TunnelGetOptions, type TunnelGetResult, tunnelGet } from './tunnel-get.ts';

/** What the standalone poll reads (DWC's own poll), and the non-live keys re-read when their `seqs` counter moves. */
const LIVE_PATH = '/rr_model?flags=d99fn';
const TRACKED_KEYS: readonly NonLiveKey[] = ['job', 'network', 'boards', 'heat'];
const keyPath = (key: NonLiveKey) => `/rr_model?${encodeBoardQuery({ key, flags: 'd99vn' })}`;
/** DSF (SBC mode) has no `seqs`: its whole model is read each time. */
const DSF_PATH = '/machine/status';

type Mode = 'unknown' | 'standalone' | 'sbc';

const failed = (failure: BoardFailure): BoardReadOutcome => ({ kind: 'failed', failure });
const unreadable = (what: string): BoardReadOutcome =>
  failed({ kind: 'broken', reason: `unreadable ${what}` });

/** A result that is no answer, or an answer that is not 200, as the outcome it means. */
function outcomeOfMiss(result: TunnelGetResult): BoardReadOutcome {
  if (result.kind === 'offline') return { kind: 'gatewayOffline' };
  if (result.kind === 'failed') return failed(result.failure);
  return failed({ kind: 'status', status: result.status });
}

/**
 * Reads one board through its tunnel, the way Duet Web Control follows it (docs/duet-http.md §4.1):
 * a standalone board's live fields every time, its non-live `job`, `network` and `boards` again only when
 * their `seqs` counter moved; an SBC's whole model from DSF. Which of the two a board is comes from its
 * first answers: a 404, or an `rr_model` answer without `seqs` (DSF's emulation), means DSF. Requests run
 * one after another, never two at once.
 */
export class BoardReader {
  readonly #tunnels: TunnelRegistry;
  readonly #controllerId: number;
  readonly #request: TunnelGetOptions;
  #mode: Mode = 'unknown';
  readonly #seqs = new Map<NonLiveKey, number | undefined>();
  #nonLive: Partial<NonLiveModel> = {};
  #identity: BoardIdentity = { boardName: null, firmwareVersion: null };

  constructor(tunnels: TunnelRegistry, controllerId: number, request: TunnelGetOptions) {
    this.#tunnels = tunnels;
    this.#controllerId = controllerId;
    this.#request = request;
  }

  /** The board's name and firmware, as last read. */
  get identity(): BoardIdentity {
    return this.#identity;
  }

  async read(): Promise<BoardReadOutcome> {
    if (this.#mode === 'sbc') return this.#readDsf();
    const live = await this.#get(LIVE_PATH);
    if (live.kind !== 'answer') return outcomeOfMiss(live);
    const model = live.status === 200 ? readBoardAnswer(rrLiveAnswerSchema, live.body) : undefined;
    if (!model) {
      const maybeDsf = this.#mode === 'unknown' && (live.status === 200 || live.status === 404);
      if (!maybeDsf) return live.status === 200 ? unreadable('object model') : outcomeOfMiss(live);
      const outcome = await this.#readDsf();
      if (outcome.kind === 'read') this.#mode = 'sbc';
      return outcome;
    }
    this.#mode = 'standalone';
    const { seqs, state, job, heat } = model.result;
    for (const key of TRACKED_KEYS) {
      if (this.#seqs.has(key) && this.#seqs.get(key) === seqs[key]) continue;
      const miss = await this.#readKey(key, seqs);
      if (miss) return miss;
    }
    this.#identity = identityOf(this.#nonLive.network, this.#nonLive.boards);
    return {
      kind: 'read',
      reading: {
        status: state.status,
        job: boardJobOf(this.#nonLive.job, job),
        heaters: heatersOf(heat, this.#nonLive.heat),
      },
    };
  }

  /** Re-reads one non-live key; remembers its counter only once read, so a failure is retried. */
  async #readKey<K extends NonLiveKey>(key: K, seqs: TrackedSeqs): Promise<BoardReadOutcome | undefined> {
    const answer = await this.#get(keyPath(key));
    if (answer.kind !== 'answer' || answer.status !== 200) return outcomeOfMiss(answer);
    const value = readBoardAnswer(rrKeyAnswerSchemas[key], answer.body);
    if (!value) return unreadable(`${key} model`);
    this.#nonLive[key] = value.result;
    this.#seqs.set(key, seqs[key]);
    return undefined;
  }

  async #readDsf(): Promise<BoardReadOutcome> {
    const answer = await this.#get(DSF_PATH);
    if (answer.kind !== 'answer' || answer.status !== 200) return outcomeOfMiss(answer);
    const model = readBoardAnswer(dsfModelSchema, answer.body);
    if (!model) return unreadable('object model');
    this.#identity = identityOf(model.network, model.boards);
    return {
      kind: 'read',
      reading: {
        status: model.state.status,
        job: boardJobOf(model.job),
        heaters: heatersOf(model.heat, model.heat ?? undefined),
      },
    };
  }

  #get(path: string): Promise<TunnelGetResult> {
    return tunnelGet(this.#tunnels, this.#controllerId, path, this.#request);
  }
}
