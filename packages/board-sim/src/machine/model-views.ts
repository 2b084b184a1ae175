import {
  DSF_ONLY_MODEL_KEYS,
  type FirmwareVersion,
  LIVE_FIELDS,
  type ObjectModel,
  omitLive,
  seqsKeys,
} from '@portal/duet';

type View = Record<string, unknown>;

/** Fields DSF and DWC synthesise that a standalone board never sends. */
const DSF_SYNTHESISED_JOB_FIELDS = ['layers', 'lastFileAborted', 'lastFileCancelled', 'lastFileSimulated'];

/**
 * The object model as each server shows it, rebuilt only after a change: DSF's full model, and RRF's
 * (its keys for the firmware line, plus the `seqs` counters it bumps when non-live fields change).
 */
export class ModelViews {
  readonly #model: ObjectModel;
  readonly #firmware: FirmwareVersion;
  readonly #seqs: Record<string, number> = {};
  readonly #volChanges: number[];
  readonly #signatures = new Map<string, string>();
  #dsf: View | null = null;
  #rrf: View | null = null;

  constructor(model: ObjectModel, firmware: FirmwareVersion, volumes: number) {
    this.#model = model;
    this.#firmware = firmware;
    for (const key of seqsKeys(firmware)) this.#seqs[key] = 0;
    this.#volChanges = new Array(volumes).fill(0);
    this.#compareSignatures(false);
  }

  /** DSF's view: every key, nulls included. */
  dsf(): View {
    this.#dsf ??= JSON.parse(JSON.stringify(this.#model)) as View;
    return this.#dsf;
  }

  /** RRF's view with `seqs`. */
  rrf(): View {
    if (!this.#rrf) {
      const view = JSON.parse(JSON.stringify(this.#model)) as Record<string, Record<string, unknown>>;
      for (const key of DSF_ONLY_MODEL_KEYS) delete view[key];
      for (const key of DSF_SYNTHESISED_JOB_FIELDS) delete view.job?.[key];
      // RRF's thumbnails carry no `data` (DSF's do, null unless asked for in its fileinfo).
      const file = view.job?.file as { thumbnails?: Record<string, unknown>[] } | undefined;
      for (const thumbnail of file?.thumbnails ?? []) delete thumbnail.data;
      delete view.state?.pluginsStarted;
      if (this.#firmware === '3.4') {
        delete view.ledStrips;
        delete view.job?.lastWarmUpDuration;
        view.scanner = { progress: 0, status: 'D' };
      }
      view.seqs = { ...this.#seqs, volChanges: [...this.#volChanges] };
      this.#rrf = view;
    }
    return this.#rrf;
  }

  /** The model changed: drop both views, then bump the seqs whose keys changed in non-live fields. */
  changed(replySeq: number): void {
    this.#dsf = null;
    this.#rrf = null;
    this.#seqs.reply = replySeq;
    if (this.#compareSignatures(true)) this.#rrf = null;
  }

  /** Files changed on a volume (`seqs.volChanges`). */
  volumeChanged(volume: number): void {
    if (volume < this.#volChanges.length) this.#volChanges[volume] = (this.#volChanges[volume] ?? 0) + 1;
    this.#rrf = null;
  }

  /** Bumps the seq of every key whose non-live part changed since the last look; true if any did. */
  #compareSignatures(bump: boolean): boolean {
    const view = this.rrf();
    let bumped = false;
    for (const key of Object.keys(this.#seqs)) {
      if (key === 'reply') continue;
      const signature = JSON.stringify(omitLive(view[key], LIVE_FIELDS[key]));
      if (this.#signatures.get(key) === signature) continue;
      if (bump) {
        this.#seqs[key] = (this.#seqs[key] ?? 0) + 1;
        bumped = true;
      }
      this.#signatures.set(key, signature);
    }
    return bumped;
  }
}
