import {
  type BoardMode,
  type FirmwareVersion,
  formatBoardDate,
  HeaterState,
  type MachineStatusName,
  type ObjectModel,
  seqsKeys,
  ToolState,
} from '@portal/duet';
import { readSlicedFileInfo } from '../sd/gcode-info.ts';
import { resolveInFolder, type SdCard } from '../sd/sd-card.ts';
import { type JobOutcome, STATISTICS_PATH, statisticsRow } from '../sd/seed-statistics.ts';
import { type ActivityRequest, activityStatus, outranksJob } from './activity.ts';
import { type BoardProfile, boardProfile } from './board-profile.ts';
import { type CommandContext, runCommand } from './commands.ts';
import { parseGcodeLine, stripComment } from './gcode-line.ts';
import {
  AMBIENT_C,
  BED_HEATER,
  createInitialModel,
  HOTEND_FAN,
  HOTEND_HEATER,
  NO_JOB_FILE,
  TOOL_FAN,
} from './initial-model.ts';
import { firstSetpoints, type JobFile, JobRun, PHASE_MS } from './job.ts';
import { LIVE_FIELDS, omitLive } from './live-fields.ts';
import { ReplyLog } from './reply-log.ts';
import { isAtTemperature, stepHeaters } from './thermal.ts';

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
  readonly thumbnails: readonly never[];
}

export interface MachineOptions {
  readonly firmware: FirmwareVersion;
  readonly mode: BoardMode;
  readonly name: string;
  readonly host: string;
  readonly sd: SdCard;
  readonly now: () => Date;
}

/** Commands queued together (one rr_gcode, one POST code, one macro); done once all have run. */
interface Batch {
  readonly lines: string[];
  readonly replies: string[];
  readonly done: (reply: string) => void;
  readonly bufferBytes: number;
}

interface RunningActivity {
  readonly request: ActivityRequest;
  readonly endsAt: number | null;
  readonly batch: Batch;
}

/** Simulated milliseconds the board spends running config.g after power-up or reset. */
export const BOOT_MS = 1500;
const RESET_MS = 1000;
/** A macro shows `busy` for a moment even when its lines are instant (file opened, lines read). */
const MACRO_START_MS = 800;
/** Longest simulated step; shorter while something waits on a temperature. */
const MAX_STEP_MS = 5000;
const CONDITION_STEP_MS = 1000;

/**
 * The simulated machine: its object model (on `@duet3d/objectmodel`), a G-code channel, heaters and a file
 * job, all moved by simulated time (`advance`). Every status comes from the G-codes that cause it.
 */
export class Machine {
  readonly model: ObjectModel;
  readonly replies = new ReplyLog();
  readonly profile: BoardProfile;
  readonly #options: MachineOptions;
  #clockMs = 0;
  #queue: Batch[] = [];
  #activity: RunningActivity | null = null;
  #job: JobRun | null = null;
  #selectedFile: string | null = null;
  #halted = false;
  #poweredOff = false;
  readonly #simulatedTimes = new Map<string, number>();
  readonly #seqs: Record<string, number> = {};
  readonly #volChanges: number[];
  readonly #signatures = new Map<string, string>();
  #revision = 0;
  #rrfCache: { revision: number; view: Record<string, unknown> } | null = null;
  #dsfCache: { revision: number; view: Record<string, unknown> } | null = null;
  readonly #changeListeners = new Set<() => void>();
  readonly #rebootListeners = new Set<() => void>();
  #notifyScheduled = false;
  readonly #context: CommandContext;

  constructor(options: MachineOptions) {
    this.#options = options;
    this.profile = boardProfile(options.firmware, options.mode);
    this.model = createInitialModel({
      profile: this.profile,
      mode: options.mode,
      name: options.name,
      host: options.host,
      sdCapacityBytes: options.sd.capacityBytes,
    });
    for (const key of seqsKeys(options.firmware)) this.#seqs[key] = 0;
    this.#volChanges = new Array(options.sd.volumeCount).fill(0);
    this.#context = this.#createContext();
    const card = this.model.volumes[0];
    if (card) card.freeSpace = options.sd.freeBytes;
    this.#startActivity(
      { kind: 'boot', durationMs: BOOT_MS },
      this.#newBatch([], () => {}),
    );
    this.#refresh();
    this.#recordSignatures(false);
  }

  get status(): MachineStatusName {
    const sbc = this.#options.mode === 'sbc';
    const activity = this.#activity?.request.kind;
    if (activity && outranksJob(activity)) return activityStatus(activity, sbc);
    if (this.#halted) return 'halted';
    if (this.#poweredOff && !this.#job?.simulate) return 'off';
    if (this.#job) {
      if (this.#job.phase === 'warmUp' || this.#job.phase === 'printing') {
        return this.#job.simulate ? 'simulating' : 'processing';
      }
      return this.#job.phase;
    }
    return activity ? activityStatus(activity, sbc) : 'idle';
  }

  /** Simulated milliseconds since the board last booted (`state.upTime` in ms). */
  get clockMs(): number {
    return this.#clockMs;
  }

  /** Free bytes of the HTTP G-code input buffer (`rr_gcode`'s `buff`). */
  get bufferSpace(): number {
    const queued = this.#queue.reduce((sum, batch) => sum + batch.bufferBytes, 0);
    return Math.max(0, 255 - queued);
  }

  /** Moves simulated time on: heaters, the job, waiting commands. */
  advance(ms: number): void {
    let remaining = ms;
    while (remaining > 0) {
      const step = Math.min(remaining, this.#msToNextEvent());
      this.#step(step);
      remaining -= step;
    }
    this.#refresh();
  }

  /**
   * Runs G-code lines as the HTTP channel does. M112 acts at once, ahead of anything queued. The promise
   * settles with the reply text when the last line has run; `logReply` also hands it to rr_reply readers.
   */
  execute(code: string, { logReply }: { logReply: boolean }): Promise<string> {
    const lines = code
      .split(/\r?\n/)
      .map(stripComment)
      .filter((line) => line !== '');
    if (lines.some((line) => /^M112(?!\d)/i.test(line))) {
      this.#emergencyStop();
      if (logReply) this.replies.add('');
      this.#refresh();
      return Promise.resolve('');
    }
    return new Promise((resolve) => {
      this.#queue.push(
        this.#newBatch(lines, (reply) => {
          if (logReply) this.replies.add(reply);
          resolve(reply);
        }),
      );
      this.#process();
      this.#refresh();
    });
  }

  /** Brings the machine into a demo state right after boot (a job part-way, paused, halted...). */
  applyScenario(scenario: 'idle' | 'printing' | 'paused' | 'halted' | 'simulating'): void {
    this.advance(BOOT_MS);
    if (scenario === 'halted') {
      this.#emergencyStop();
    } else if (scenario === 'simulating') {
      this.#context.startJob('0:/gcodes/Staffa_motore_PETG.gcode', true);
    } else if (scenario !== 'idle') {
      this.#context.startJob('0:/gcodes/Carter_frontale.gcode', false);
      const job = this.#job as JobRun;
      for (const heater of this.model.heat.heaters) if (heater) heater.current = heater.active;
      this.advance(1000);
      job.printedMs = job.totalMs * 0.37;
      job.elapsedMs = job.printedMs + (job.warmUpMs ?? 0);
      if (scenario === 'paused') {
        this.#context.pauseJob();
        this.advance(PHASE_MS.pausing);
      }
    }
    this.#refresh();
  }

  /** The object model as DSF serves it (`/machine/model`, WebSocket): every key, nulls included. */
  dsfModel(): Record<string, unknown> {
    if (this.#dsfCache?.revision !== this.#revision) {
      this.#dsfCache = { revision: this.#revision, view: JSON.parse(JSON.stringify(this.model)) };
    }
    return this.#dsfCache.view;
  }

  /** The object model as RRF serves it (`rr_model`): RRF's keys for this firmware plus `seqs`. */
  rrfModel(): Record<string, unknown> {
    if (this.#rrfCache?.revision !== this.#revision) {
      const view = JSON.parse(JSON.stringify(this.model)) as Record<string, Record<string, unknown>>;
      for (const key of ['messages', 'plugins', 'sbc']) delete view[key];
      for (const key of ['layers', 'lastFileAborted', 'lastFileCancelled', 'lastFileSimulated'])
        delete view.job?.[key];
      delete view.state?.pluginsStarted;
      if (this.#options.firmware === '3.4') {
        delete view.ledStrips;
        delete view.job?.lastWarmUpDuration;
        view.scanner = { progress: 0, status: 'D' };
      }
      view.seqs = { ...this.#seqs, volChanges: [...this.#volChanges] };
      this.#rrfCache = { revision: this.#revision, view };
    }
    return this.#rrfCache.view;
  }

  /** Listens for any model change (coalesced per event loop turn); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** Listens for firmware resets (M999, M997): a standalone board forgets its HTTP sessions. */
  onReboot(listener: () => void): () => void {
    this.#rebootListeners.add(listener);
    return () => this.#rebootListeners.delete(listener);
  }

  /** Files changed on a volume: `seqs.volChanges` and the volume's free space follow. */
  volumeChanged(volume: number): void {
    if (volume < this.#volChanges.length) this.#volChanges[volume] = (this.#volChanges[volume] ?? 0) + 1;
    const info = this.model.volumes[volume];
    if (info && volume === 0) info.freeSpace = this.#options.sd.freeBytes;
    this.#refresh();
  }

  /**
   * Slicer information of a G-code file as the object model holds it (`job.file`, DSF fileinfo): unknown
   * times are null. Relative names are in `0:/gcodes`; no name means the file being printed.
   */
  fileInfo(name: string | undefined): GcodeFileFacts | null {
    const path = name === undefined ? this.#job?.file.path : resolveInFolder(name, '0:/gcodes');
    const data = path === undefined ? undefined : this.#options.sd.read(path);
    const entry = path === undefined ? undefined : this.#options.sd.stat(path);
    if (path === undefined || data === undefined || entry === undefined) return null;
    const info = readSlicedFileInfo(data);
    return {
      fileName: path,
      size: data.length,
      lastModified: formatBoardDate(entry.modified),
      height: info.height,
      layerHeight: info.layerHeight,
      numLayers: info.numLayers,
      printTime: info.printTime || null,
      simulatedTime: this.#simulatedTimes.get(path.toLowerCase()) ?? null,
      filament: info.filament,
      generatedBy: info.generatedBy,
      thumbnails: [],
    };
  }

  /** Seconds the current job has run (`printDuration` of rr_fileinfo), or null when there is none. */
  get printDuration(): number | null {
    return this.#job?.durationSeconds ?? null;
  }

  #newBatch(lines: string[], done: (reply: string) => void): Batch {
    return { lines, replies: [], done, bufferBytes: lines.reduce((sum, line) => sum + line.length + 1, 0) };
  }

  #msToNextEvent(): number {
    const candidates = [MAX_STEP_MS];
    if (this.#activity?.endsAt != null) candidates.push(Math.max(1, this.#activity.endsAt - this.#clockMs));
    if (this.#activity?.request.until || this.#job?.phase === 'warmUp') candidates.push(CONDITION_STEP_MS);
    if (this.#job?.phaseEndsAt != null) candidates.push(Math.max(1, this.#job.phaseEndsAt - this.#clockMs));
    if (this.#job) candidates.push(Math.max(1, Math.ceil(this.#job.msToFinish(this.model.move.speedFactor))));
    return Math.min(...candidates);
  }

  #step(ms: number): void {
    this.#clockMs += ms;
    stepHeaters(this.model.heat.heaters, ms / 1000, this.#clockMs);
    const job = this.#job;
    if (job) {
      job.step(ms, this.model.move.speedFactor);
      if (job.phase === 'warmUp' && this.#heatersReady()) {
        job.phase = 'printing';
        job.warmUpMs = job.elapsedMs;
        for (const axis of this.model.move.axes) axis.homed = true;
      }
      if (job.phaseEndsAt !== null && this.#clockMs >= job.phaseEndsAt) this.#endJobPhase(job);
      if (job.phase === 'printing' && job.isFinished)
        this.#finishJob(job.simulate ? 'simulated' : 'Completata');
    }
    this.#process();
  }

  #heatersReady(): boolean {
    return this.model.heat.heaters.every(
      (heater) => !heater || heater.state === HeaterState.off || isAtTemperature(heater),
    );
  }

  #startActivity(request: ActivityRequest, batch: Batch): void {
    const endsAt = request.durationMs !== undefined ? this.#clockMs + request.durationMs : null;
    this.#activity = { request, endsAt, batch };
  }

  /** Ends the running activity if its time is up or its condition holds; true when none is left running. */
  #settleActivity(): boolean {
    const activity = this.#activity;
    if (!activity) return true;
    const over =
      activity.endsAt !== null ? this.#clockMs >= activity.endsAt : activity.request.until?.() === true;
    if (!over) return false;
    this.#activity = null;
    activity.batch.replies.push(activity.request.finish?.() ?? '');
    if (this.#activity === null) this.#finishBatchIfDone(activity.batch);
    return this.#activity === null;
  }

  /** Runs queued lines until one starts an activity that is still running, or the queue is empty. */
  #process(): void {
    while (this.#settleActivity()) {
      const batch = this.#queue[0];
      if (!batch) return;
      const line = batch.lines.shift();
      if (line === undefined) {
        this.#queue.shift();
        batch.done(batch.replies.filter((reply) => reply !== '').join('\n'));
        continue;
      }
      const result = this.#runLine(line);
      if (typeof result === 'string') {
        batch.replies.push(result);
      } else if ('macro' in result) {
        const lines = result.macro.map(stripComment).filter((macroLine) => macroLine !== '');
        this.#startActivity(
          {
            kind: 'macro',
            durationMs: MACRO_START_MS,
            finish: () => {
              this.#queue.unshift(this.#newBatch(lines, (reply) => batch.replies.push(reply)));
              return '';
            },
          },
          batch,
        );
      } else {
        this.#startActivity(result, batch);
      }
    }
  }

  #finishBatchIfDone(batch: Batch): void {
    if (batch.lines.length === 0 && this.#queue[0] === batch) {
      this.#queue.shift();
      batch.done(batch.replies.filter((reply) => reply !== '').join('\n'));
    }
  }

  #runLine(line: string): string | ActivityRequest | { macro: string[] } {
    const command = parseGcodeLine(line);
    if (!command) return `Error: Bad command: ${line}`;
    if (this.#halted && !(command.letter === 'M' && command.number === 999)) {
      return 'Error: Printer halted. Send M999 to reset.';
    }
    return runCommand(this.#context, command);
  }

  #createContext(): CommandContext {
    return {
      model: this.model,
      profile: this.profile,
      sd: this.#options.sd,
      firmware: this.#options.firmware,
      job: () => this.#job,
      rrfModel: () => this.rrfModel(),
      selectFile: (path) => {
        if (!this.#options.sd.stat(path)) return `Error: File ${path} not found`;
        this.#selectedFile = path;
        return `File ${path} selected for printing`;
      },
      startJob: (path, simulate) => this.#startJob(path, simulate),
      startSelectedJob: () =>
        this.#selectedFile === null
          ? 'Error: M24: Cannot print, because no file is selected!'
          : this.#startJob(this.#selectedFile, false),
      pauseJob: () => {
        const job = this.#job;
        if (!job || (job.phase !== 'printing' && job.phase !== 'warmUp')) {
          return 'Error: M25: Cannot pause print, because no file is being printed!';
        }
        job.phase = 'pausing';
        job.phaseEndsAt = this.#clockMs + PHASE_MS.pausing;
        return '';
      },
      resumeJob: () => {
        const job = this.#job;
        if (job?.phase !== 'paused') return 'Error: M24: Cannot resume, because the print is not paused';
        job.phase = 'resuming';
        job.phaseEndsAt = this.#clockMs + PHASE_MS.resuming;
        return '';
      },
      cancelJob: () => {
        const job = this.#job;
        if (!job) return '';
        if (job.phase !== 'paused') return 'Error: M0: Pause the print before attempting to cancel it';
        job.phase = 'cancelling';
        job.phaseEndsAt = this.#clockMs + PHASE_MS.cancelling;
        return '';
      },
      reboot: (kind) => ({
        kind,
        durationMs: kind === 'update' ? 5000 : this.#options.mode === 'sbc' ? RESET_MS : 0,
        finish: () => {
          this.#reboot();
          return '';
        },
      }),
      setPower: (on) => {
        this.#poweredOff = !on;
        if (!on) this.#heatersOff();
      },
      selectTool: (number) => {
        const tools = this.model.tools;
        for (const tool of tools)
          if (tool) tool.state = tool.number === number ? ToolState.active : ToolState.off;
        this.model.state.previousTool = this.model.state.currentTool;
        this.model.state.currentTool = number;
        const tool = tools.find((candidate) => candidate?.number === number);
        for (const heaterIndex of tool?.heaters ?? []) {
          const heater = this.model.heat.heaters[heaterIndex];
          if (heater && heater.active > AMBIENT_C) heater.state = HeaterState.active;
        }
      },
    };
  }

  #startJob(path: string, simulate: boolean): string {
    if (this.#job) return 'Error: Cannot set file to print, because a file is already being printed';
    const data = this.#options.sd.read(path);
    const entry = this.#options.sd.stat(path);
    if (!data || !entry) return `Error: File ${path} not found`;
    const head = new TextDecoder().decode(data.subarray(0, 16 * 1024));
    const setpoints = firstSetpoints(head);
    const file: JobFile = {
      path,
      size: data.length,
      modified: entry.modified,
      info: readSlicedFileInfo(data),
      bedTemperature: setpoints.bed,
      hotendTemperature: setpoints.hotend,
    };
    const job = new JobRun(file, simulate);
    this.#job = job;
    this.#selectedFile = path;
    this.model.update({ job: { file: this.fileInfo(path), lastFileName: null, lastDuration: null } });
    if (!simulate) {
      this.#setHeater(BED_HEATER, file.bedTemperature);
      if (this.model.state.currentTool < 0) this.#context.selectTool(0);
      const tool = this.model.tools[0];
      if (tool) tool.active = [file.hotendTemperature];
      this.#setHeater(HOTEND_HEATER, file.hotendTemperature);
    }
    return `File ${path} selected for printing`;
  }

  #setHeater(index: number, temperature: number): void {
    const heater = this.model.heat.heaters[index];
    if (!heater) return;
    heater.active = temperature;
    heater.state = temperature > 0 ? HeaterState.active : HeaterState.off;
  }

  #heatersOff(): void {
    for (const heater of this.model.heat.heaters) {
      if (heater) {
        heater.active = 0;
        heater.standby = 0;
        heater.state = HeaterState.off;
      }
    }
    for (const tool of this.model.tools) if (tool) tool.active = tool.active.map(() => 0);
    for (const fan of [TOOL_FAN]) {
      const toolFan = this.model.fans[fan];
      if (toolFan) toolFan.requestedValue = toolFan.actualValue = 0;
    }
  }

  #endJobPhase(job: JobRun): void {
    job.phaseEndsAt = null;
    if (job.phase === 'pausing') job.phase = 'paused';
    else if (job.phase === 'resuming') job.phase = job.warmUpMs === null ? 'warmUp' : 'printing';
    else if (job.phase === 'cancelling') this.#finishJob('Annullata');
  }

  /** Ends the job: the last-file fields, the statistics log, and the heaters off as the end G-code does. */
  #finishJob(outcome: JobOutcome | 'simulated'): void {
    const job = this.#job;
    if (!job) return;
    this.#job = null;
    const fileName = job.file.path;
    this.model.update({
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
      this.replies.add(
        `File ${fileName} will print in ${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m plus heating time`,
      );
      return;
    }
    this.#heatersOff();
    this.#appendStatistics(job, outcome);
    if (outcome === 'Completata') {
      const minutes = Math.floor(job.durationSeconds / 60);
      this.replies.add(
        `Finished printing file ${fileName}, print time was ${Math.floor(minutes / 60)}h ${minutes % 60}m`,
      );
    }
  }

  #appendStatistics(job: JobRun, outcome: JobOutcome): void {
    const sd = this.#options.sd;
    const row = statisticsRow({
      endedAt: this.#options.now(),
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

  #emergencyStop(): void {
    if (this.#job) this.#finishJob(this.#job.simulate ? 'simulated' : 'Interrotta');
    this.#dropQueue();
    this.#halted = true;
    this.#heatersOff();
    for (const axis of this.model.move.axes) axis.homed = false;
  }

  /** Abandons queued commands (emergency stop, reset): their callers get an empty reply. */
  #dropQueue(): void {
    const queue = this.#queue;
    this.#queue = [];
    this.#activity = null;
    for (const batch of queue) batch.done('');
  }

  #reboot(): void {
    this.#dropQueue();
    this.#job = null;
    this.#selectedFile = null;
    this.#halted = false;
    this.#poweredOff = false;
    this.#clockMs = 0;
    this.#heatersOff();
    for (const axis of this.model.move.axes) axis.homed = false;
    this.#context.selectTool(-1);
    this.#startActivity(
      { kind: 'boot', durationMs: BOOT_MS },
      this.#newBatch([], () => {}),
    );
    for (const listener of this.#rebootListeners) listener();
  }

  /** Writes the derived live values into the model, bumps seqs of changed non-live keys, tells listeners. */
  #refresh(): void {
    const model = this.model;
    const job = this.#job;
    model.state.status = this.status as typeof model.state.status;
    model.state.upTime = Math.floor(this.#clockMs / 1000);
    model.state.msUpTime = this.#clockMs % 1000;
    model.state.time = formatBoardDate(this.#options.now());
    const hotend = model.heat.heaters[HOTEND_HEATER];
    const hotendFan = model.fans[HOTEND_FAN];
    if (hotend && hotendFan) {
      hotendFan.actualValue = hotend.current >= 45 ? 1 : 0;
      hotendFan.rpm = hotend.current >= 45 ? 5200 : 0;
    }
    model.heat.heaters.forEach((heater, index) => {
      const sensor = model.sensors.analog[index];
      if (heater && sensor) sensor.lastReading = heater.current;
    });
    const printing = job !== null && job.phase === 'printing' && !job.simulate;
    const toolFan = model.fans[TOOL_FAN];
    if (job && !job.simulate && toolFan && (job.layer ?? 0) >= 2)
      toolFan.requestedValue = toolFan.actualValue = 1;
    const [x, y, z] = model.move.axes;
    if (printing && x && y && z) {
      x.userPosition = x.machinePosition =
        Math.round((150 + 45 * Math.sin(this.#clockMs / 3100)) * 1000) / 1000;
      y.userPosition = y.machinePosition =
        Math.round((150 + 45 * Math.cos(this.#clockMs / 2300)) * 1000) / 1000;
      z.userPosition = z.machinePosition =
        Math.round((job.layer ?? 0) * job.file.info.layerHeight * 1000) / 1000;
    }
    const extruder = model.move.extruders[0];
    if (extruder && job && !job.simulate)
      extruder.position = extruder.rawPosition = Math.round(job.filamentUsedMm * 10) / 10;
    model.move.currentMove.requestedSpeed = model.move.currentMove.topSpeed = printing ? 80 : 0;
    if (job) {
      model.update({ job: job.modelFields(model.move.speedFactor) });
    } else {
      model.update({
        job: {
          duration: null,
          filePosition: 0,
          layer: null,
          layerTime: null,
          pauseDuration: null,
          rawExtrusion: null,
          timesLeft: { file: null, filament: null, slicer: null },
          warmUpDuration: null,
        },
      });
    }
    this.#revision++;
    this.#recordSignatures(true);
    this.#scheduleNotify();
  }

  /** Bumps the seq of every key whose non-live part changed since the last look. */
  #recordSignatures(bump: boolean): void {
    const view = this.rrfModel();
    for (const key of Object.keys(this.#seqs)) {
      if (key === 'reply') continue;
      const signature = JSON.stringify(omitLive(view[key], LIVE_FIELDS[key]));
      if (this.#signatures.get(key) !== signature) {
        if (bump && this.#signatures.has(key)) this.#seqs[key] = (this.#seqs[key] ?? 0) + 1;
        this.#signatures.set(key, signature);
      }
    }
    if (this.#seqs.reply !== this.replies.seq) {
      this.#seqs.reply = this.replies.seq;
      this.#revision++;
    }
  }

  #scheduleNotify(): void {
    if (this.#notifyScheduled || this.#changeListeners.size === 0) return;
    this.#notifyScheduled = true;
    queueMicrotask(() => {
      this.#notifyScheduled = false;
      for (const listener of this.#changeListeners) listener();
    });
  }
}
