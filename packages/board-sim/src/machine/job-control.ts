import { formatBoardDate, HeaterState, type ObjectModel } from '@portal/duet';
import { readSlicedFileInfo, type SlicedFileInfo } from '../sd/gcode-info.ts';
import {
  type DsfThumbnail,
  dsfThumbnails,
  rrfThumbnails,
  type ThumbnailDescriptor,
} from '../sd/gcode-thumbnails.ts';
import type { SdCard } from '../sd/sd-card.ts';
import { type JobOutcome, STATISTICS_PATH, statisticsRow } from '../sd/seed-statistics.ts';
import { BED_HEATER, HOTEND_HEATER, NO_JOB_FILE } from './initial-model.ts';
import { firstSetpoints, JobRun, PHASE_MS } from './job.ts';
import type { ReplyLog } from './reply-log.ts';
import { isAtTemperature } from './thermal.ts';

/** What a board knows of a G-code file from its slicer comments (object model shape, nulls for unknowns). */
export interface GcodeFileFacts {
  readonly fileName: string;
  readonly size: number;
  readonly lastModified: string;
  readonly height: number;
  readonly layerHeight: number;
  readonly numLayers: number;
  readonly printTime: number | null;
  readonly simulatedTime: number | null;
  readonly filament: readonly number[];
  readonly generatedBy: string;
  /** RRF's descriptors, or DSF's with their `data`. */
  readonly thumbnails: readonly (ThumbnailDescriptor | DsfThumbnail)[];
}

export interface FileFactsOptions {
  /** DSF's `readThumbnailContent`: each thumbnail with its base64 data. */
  readonly thumbnailContent?: boolean;
}

export interface JobControlDeps {
  readonly model: ObjectModel;
  readonly sd: SdCard;
  readonly replies: ReplyLog;
  readonly clock: () => number;
  readonly now: () => Date;
  readonly selectTool: (number: number) => void;
  readonly heatersOff: () => void;
  /** Whose file-info parser finds the thumbnails (their offsets differ): the firmware's, or DSF's. */
  readonly thumbnailReader: 'rrf' | 'dsf';
}

function hoursAndMinutes(seconds: number): string {
  return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
}

/**
 * The file job's life: selection, start (heating to the file's setpoints), pause, resume, cancel and its
 * end, with the last-file fields, the statistics log and the messages a board gives.
 */
export class JobControl {
  readonly #deps: JobControlDeps;
  #job: JobRun | null = null;
  #selected: string | null = null;
  readonly #simulatedTimes = new Map<string, number>();

  constructor(deps: JobControlDeps) {
    this.#deps = deps;
  }

  get current(): JobRun | null {
    return this.#job;
  }

  /** What the file's slicer comments (and a past simulation) say about it; null when it is missing. */
  fileFacts(path: string, options: FileFactsOptions = {}): GcodeFileFacts | null {
    const data = this.#deps.sd.read(path);
    const entry = this.#deps.sd.stat(path);
    return data && entry
      ? this.#factsOf(path, data, entry.modified, readSlicedFileInfo(data), options)
      : null;
  }

  #factsOf(
    path: string,
    data: Uint8Array,
    modified: Date,
    info: SlicedFileInfo,
    options: FileFactsOptions = {},
  ): GcodeFileFacts {
    return {
      fileName: path,
      size: data.length,
      lastModified: formatBoardDate(modified),
      height: info.height,
      layerHeight: info.layerHeight,
      numLayers: info.numLayers,
      printTime: info.printTime || null,
      simulatedTime: this.#simulatedTimes.get(path.toLowerCase()) ?? null,
      filament: info.filament,
      generatedBy: info.generatedBy,
      thumbnails: this.#thumbnailsOf(info, options),
    };
  }

  #thumbnailsOf(info: SlicedFileInfo, { thumbnailContent = false }: FileFactsOptions) {
    return this.#deps.thumbnailReader === 'rrf'
      ? rrfThumbnails(info.thumbnails)
      : dsfThumbnails(info.thumbnails, thumbnailContent);
  }

  select(path: string): string {
    if (!this.#deps.sd.stat(path)) return `Error: File ${path} not found`;
    this.#selected = path;
    return `File ${path} selected for printing`;
  }

  startSelected(): string {
    return this.#selected === null
      ? 'Error: M24: Cannot print, because no file is selected!'
      : this.start(this.#selected, false);
  }

  start(path: string, simulate: boolean): string {
    if (this.#job) return 'Error: Cannot set file to print, because a file is already being printed';
    const { sd, model } = this.#deps;
    const data = sd.read(path);
    const entry = sd.stat(path);
    if (!data || !entry) return `Error: File ${path} not found`;
    const info = readSlicedFileInfo(data);
    // Past the header's thumbnails: the first setpoints come within its first 64 KB.
    const setpoints = firstSetpoints(new TextDecoder().decode(data.subarray(0, 64 * 1024)));
    this.#job = new JobRun(
      {
        path,
        size: data.length,
        modified: entry.modified,
        info,
        bedTemperature: setpoints.bed,
        hotendTemperature: setpoints.hotend,
      },
      simulate,
    );
    this.#selected = path;
    model.update({
      job: {
        file: this.#factsOf(path, data, entry.modified, info),
        lastFileName: null,
        lastDuration: null,
      },
    });
    if (!simulate) {
      this.#heat(BED_HEATER, setpoints.bed);
      if (model.state.currentTool < 0) this.#deps.selectTool(0);
      const tool = model.tools[0];
      if (tool) tool.active = [setpoints.hotend];
      this.#heat(HOTEND_HEATER, setpoints.hotend);
    }
    return `File ${path} selected for printing`;
  }

  pause(): string {
    const job = this.#job;
    if (!job || (job.phase !== 'printing' && job.phase !== 'warmUp')) {
      return 'Error: M25: Cannot pause print, because no file is being printed!';
    }
    this.#enterPhase(job, 'pausing');
    return '';
  }

  resume(): string {
    const job = this.#job;
    if (job?.phase !== 'paused') return 'Error: M24: Cannot resume, because the print is not paused';
    this.#enterPhase(job, 'resuming');
    return '';
  }

  cancel(): string {
    const job = this.#job;
    if (!job) return '';
    if (job.phase !== 'paused') return 'Error: M0: Pause the print before attempting to cancel it';
    this.#enterPhase(job, 'cancelling');
    return '';
  }

  /** Emergency stop: the job ends where it is. */
  abort(): void {
    if (this.#job) this.#finish(this.#job.simulate ? 'simulated' : 'Interrotta');
  }

  /** Firmware reset: the job and the selection are gone without a trace. */
  forget(): void {
    this.#job = null;
    this.#selected = null;
  }

  /** Jumps a running job to a fraction of its file (demo boards start part-way). */
  skipTo(fraction: number): void {
    const job = this.#job;
    if (!job) return;
    job.printedMs = job.totalMs * fraction;
    job.elapsedMs = job.printedMs + (job.warmUpMs ?? 0);
  }

  /** Clock milliseconds until the job's next change of phase or its end. */
  msToNextEvent(): number {
    const job = this.#job;
    if (!job) return Number.POSITIVE_INFINITY;
    const phaseEnd =
      job.phaseEndsAt === null ? Number.POSITIVE_INFINITY : job.phaseEndsAt - this.#deps.clock();
    return Math.max(1, Math.min(phaseEnd, Math.ceil(job.msToFinish(this.#deps.model.move.speedFactor))));
  }

  step(ms: number): void {
    const job = this.#job;
    if (!job) return;
    const { model } = this.#deps;
    job.step(ms, model.move.speedFactor);
    if (job.phase === 'warmUp' && this.#heatersReady()) {
      job.phase = 'printing';
      job.warmUpMs = job.elapsedMs;
      // The start G-code homes the machine once it is hot.
      for (const axis of model.move.axes) axis.homed = true;
    }
    if (job.phaseEndsAt !== null && this.#deps.clock() >= job.phaseEndsAt) {
      job.phaseEndsAt = null;
      if (job.phase === 'pausing') job.phase = 'paused';
      else if (job.phase === 'resuming') job.phase = job.warmUpMs === null ? 'warmUp' : 'printing';
      else if (job.phase === 'cancelling') this.#finish('Annullata');
    }
    if (job.phase === 'printing' && job.isFinished) this.#finish(job.simulate ? 'simulated' : 'Completata');
  }

  #enterPhase(job: JobRun, phase: keyof typeof PHASE_MS): void {
    job.phase = phase;
    job.phaseEndsAt = this.#deps.clock() + PHASE_MS[phase];
  }

  #heat(index: number, temperature: number): void {
    const heater = this.#deps.model.heat.heaters[index];
    if (!heater) return;
    heater.active = temperature;
    heater.state = temperature > 0 ? HeaterState.active : HeaterState.off;
  }

  #heatersReady(): boolean {
    return this.#deps.model.heat.heaters.every(
      (heater) => !heater || heater.state === HeaterState.off || isAtTemperature(heater),
    );
  }

  /** Ends the job: the last-file fields, the statistics log, and the heaters off as the end G-code does. */
  #finish(outcome: JobOutcome | 'simulated'): void {
    const job = this.#job;
    if (!job) return;
    this.#job = null;
    const { model, replies } = this.#deps;
    const fileName = job.file.path;
    model.update({
      job: {
        file: NO_JOB_FILE,
        lastFileName: fileName,
        lastDuration: job.durationSeconds,
        lastWarmUpDuration: Math.floor((job.warmUpMs ?? 0) / 1000),
      },
    });
    if (outcome === 'simulated') {
      const seconds = Math.round(job.printedMs / 1000);
      this.#simulatedTimes.set(fileName.toLowerCase(), seconds);
      replies.add(`File ${fileName} will print in ${hoursAndMinutes(seconds)} plus heating time`);
      return;
    }
    this.#deps.heatersOff();
    this.#appendStatistics(job, outcome);
    if (outcome === 'Completata') {
      replies.add(
        `Finished printing file ${fileName}, print time was ${hoursAndMinutes(job.durationSeconds)}`,
      );
    }
  }

  #appendStatistics(job: JobRun, outcome: JobOutcome): void {
    const { sd } = this.#deps;
    const row = statisticsRow({
      endedAt: this.#deps.now(),
      fileName: job.file.path.replace(/^0:\/gcodes\//, ''),
      durationSeconds: job.durationSeconds,
      filamentMm: job.filamentUsedMm,
      outcome,
    });
    const existing = sd.read(STATISTICS_PATH) ?? new Uint8Array();
    const combined = new Uint8Array(existing.length + row.length);
    combined.set(existing);
    combined.set(row, existing.length);
    sd.write(STATISTICS_PATH, combined);
  }
}
