import type http2 from 'node:http2';
import { BOARD_PREFIX, GATEWAY_ANSWER_HEADER, type GatewayAnswer } from '@portal/tunnel';
import type { StreamHandler } from '../../test/fake-gateway.ts';

/** The object-model fields a fake board serves; job fields as in docs/duet-http.md §3.5. */
export interface FakeBoardModel {
  status: string;
  fileName: string | null;
  size: number;
  filePosition: number;
  duration: number | null;
  timeLeft: number | null;
  lastFileName: string | null;
  lastDuration: number | null;
  name: string;
  firmwareVersion: string;
}

type BoardMode = 'standalone' | 'sbc' | 'sbc-emulating';

const IDLE: FakeBoardModel = {
  status: 'idle',
  fileName: null,
  size: 0,
  filePosition: 0,
  duration: null,
  timeLeft: null,
  lastFileName: null,
  lastDuration: null,
  name: 'fake-board',
  firmwareVersion: '3.6.0',
};

/** Fields that are not live in RRF: changing one bumps `seqs.job`, as the firmware does. */
const NON_LIVE_JOB_FIELDS = ['fileName', 'size', 'lastFileName', 'lastDuration'] as const;

/**
 * A board behind a gateway, as far as the live status sees it: RRF's `rr_model` (live fields with
 * `seqs`, and the `job`, `network` and `boards` keys) or, in SBC mode, DSF's `/machine/status` (DSF 3.4
 * answers 404 to `rr_*`; `sbc-emulating` is DSF 3.5+, whose `rr_model` has no `seqs` of its own). It can
 * instead answer as the gateway does for an unreachable board, fail with any status, or stall.
 */
export class FakeBoard {
  model: FakeBoardModel;
  readonly mode: BoardMode;
  /** Set: every request gets this status (with the gateway's header when `gateway` is set). */
  failWith: { status: number; gateway?: GatewayAnswer } | null = null;
  /** Set: requests are taken and never answered. */
  stall = false;
  /** Paths requested, in order, without the tunnel's `/board` prefix. */
  readonly requests: string[] = [];
  #inFlight = 0;
  maxInFlight = 0;
  #jobSeq = 1;

  constructor(mode: BoardMode = 'standalone', model: Partial<FakeBoardModel> = {}) {
    this.mode = mode;
    this.model = { ...IDLE, ...model };
  }

  /** Changes the model; `seqs.job` moves when a non-live job field does. */
  set(changes: Partial<FakeBoardModel>): void {
    if (NON_LIVE_JOB_FIELDS.some((field) => field in changes && changes[field] !== this.model[field])) {
      this.#jobSeq += 1;
    }
    this.model = { ...this.model, ...changes };
  }

  /** Serves the streams of a fake gateway (test/fake-gateway.ts). */
  readonly handler: StreamHandler = (stream, headers) => this.#serve(stream, String(headers[':path']));

  #serve(stream: http2.ServerHttp2Stream, path: string): void {
    const boardPath = path.slice(BOARD_PREFIX.length);
    this.requests.push(boardPath);
    this.#inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.#inFlight);
    stream.on('close', () => {
      this.#inFlight -= 1;
    });
    if (this.stall) return;
    if (this.failWith) {
      const { status, gateway } = this.failWith;
      stream.respond({ ':status': status, ...(gateway && { [GATEWAY_ANSWER_HEADER]: gateway }) });
      stream.end();
      return;
    }
    const body = this.#answer(boardPath);
    if (body === undefined) {
      stream.respond({ ':status': 404 });
      stream.end('not found');
      return;
    }
    stream.respond({ ':status': 200, 'content-type': 'application/json' });
    stream.end(JSON.stringify(body));
  }

  #answer(path: string): unknown {
    const m = this.model;
    const timesLeft = { file: m.timeLeft, filament: null, slicer: null };
    const liveJob = { filePosition: m.filePosition, duration: m.duration, timesLeft };
    const job = {
      ...liveJob,
      file: { fileName: m.fileName, size: m.size },
      lastFileName: m.lastFileName,
      lastDuration: m.lastDuration,
    };
    if (this.mode !== 'standalone') {
      if (this.mode === 'sbc-emulating' && path === '/rr_model?flags=d99fn') {
        return { key: '', flags: 'd99fn', result: { seqs: { reply: 0 }, state: { status: m.status } } };
      }
      if (path !== '/machine/status') return undefined;
      return {
        boards: [{ firmwareVersion: m.firmwareVersion }],
        job,
        network: { name: m.name },
        state: { status: m.status },
      };
    }
    const seqs = { boards: 1, heat: 1, job: this.#jobSeq, network: 1, reply: 0, volChanges: [0] };
    switch (path) {
      case '/rr_model?flags=d99fn':
        return { key: '', flags: 'd99fn', result: { job: liveJob, seqs, state: { status: m.status } } };
      case '/rr_model?key=job&flags=d99vn':
        return { key: 'job', flags: 'd99vn', result: job };
      case '/rr_model?key=network&flags=d99vn':
        return { key: 'network', flags: 'd99vn', result: { name: m.name } };
      case '/rr_model?key=heat&flags=d99vn':
        return { key: 'heat', flags: 'd99vn', result: { bedHeaters: [0], chamberHeaters: [], heaters: [] } };
      case '/rr_model?key=boards&flags=d99vn':
        return { key: 'boards', flags: 'd99vn', result: [{ firmwareVersion: m.firmwareVersion }], next: 0 };
      default:
        return undefined;
    }
  }
}
