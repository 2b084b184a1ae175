import {
  type BoardMode,
  type FirmwareVersion,
  HeaterState,
  type MachineStatusName,
  type ObjectModel,
  ToolState,
} from '@portal/duet';
import { resolveInFolder, type SdCard } from '../sd/sd-card.ts';
import { activityStatus, outranksJob } from './activity.ts';
import { type BoardProfile, boardProfile } from './board-profile.ts';
import { type CommandContext, runCommand } from './commands.ts';
import { GcodeChannel, type LineResult } from './gcode-channel.ts';
import { parseGcodeLine } from './gcode-line.ts';
import { AMBIENT_C, createInitialModel, TOOL_FAN } from './initial-model.ts';
import { PHASE_MS } from './job.ts';
import { type FileFactsOptions, type GcodeFileFacts, JobControl } from './job-control.ts';
import { writeLiveValues } from './live-values.ts';
import { ModelViews } from './model-views.ts';
import { ReplyLog } from './reply-log.ts';
import { stepHeaters } from './thermal.ts';

export interface MachineOptions {
  readonly firmware: FirmwareVersion;
  /** The exact version reported; default the line's modelled release. */
  readonly release?: string | undefined;
  readonly mode: BoardMode;
  readonly name: string;
  readonly host: string;
  readonly sd: SdCard;
  readonly now: () => Date;
}

/** Simulated milliseconds the board spends running config.g after power-up or reset. */
export const BOOT_MS = 1500;
/** How long DSF loses its board while the board resets (a standalone board is back at once, booting). */
const RESET_MS = 1000;
const FIRMWARE_UPDATE_MS = 5000;
/** Longest simulated step; shorter while something waits on a temperature. */
const MAX_STEP_MS = 5000;
const CONDITION_STEP_MS = 1000;
/** Free bytes of an empty HTTP G-code input buffer (256 bytes with its terminator). */
const GCODE_BUFFER_FREE = 255;

/**
 * The simulated machine: its object model (on `@duet3d/objectmodel`), a G-code channel, heaters and a file
 * job, all moved by simulated time (`advance`). Every status comes from the G-codes that cause it.
 */
export class Machine {
  readonly model: ObjectModel;
  readonly replies = new ReplyLog();
  readonly profile: BoardProfile;
  readonly #options: MachineOptions;
  readonly #views: ModelViews;
  readonly #channel: GcodeChannel;
  readonly #jobs: JobControl;
  readonly #context: CommandContext;
  #clockMs = 0;
  #halted = false;
  #poweredOff = false;
  readonly #changeListeners = new Set<() => void>();
  readonly #rebootListeners = new Set<() => void>();
  #notifyScheduled = false;

  constructor(options: MachineOptions) {
    this.#options = options;
    this.profile = boardProfile(options.firmware, options.mode, options.release);
    this.model = createInitialModel({
      profile: this.profile,
      mode: options.mode,
      name: options.name,
      host: options.host,
      sdCapacityBytes: options.sd.capacityBytes,
    });
    const card = this.model.volumes[0];
    if (card) card.freeSpace = options.sd.freeBytes;
    this.#channel = new GcodeChannel(
      () => this.#clockMs,
      (line) => this.#runLine(line),
    );
    this.#jobs = new JobControl({
      model: this.model,
      sd: options.sd,
      replies: this.replies,
      clock: () => this.#clockMs,
      now: options.now,
      selectTool: (number) => this.#selectTool(number),
      heatersOff: () => this.#heatersOff(),
      thumbnailReader: options.mode === 'sbc' ? 'dsf' : 'rrf',
    });
    this.#context = this.#createContext();
    this.#channel.startOwnActivity({ kind: 'boot', durationMs: BOOT_MS });
    this.#views = new ModelViews(this.model, options.firmware, options.sd.volumeCount);
    this.#refresh();
  }

  get status(): MachineStatusName {
    const sbc = this.#options.mode === 'sbc';
    const activity = this.#channel.activity;
    const job = this.#jobs.current;
    if (activity && outranksJob(activity)) return activityStatus(activity, sbc);
    if (this.#halted) return 'halted';
    if (this.#poweredOff && !job?.simulate) return 'off';
    if (job) {
      if (job.phase === 'warmUp' || job.phase === 'printing')
        return job.simulate ? 'simulating' : 'processing';
      return job.phase;
    }
    return activity ? activityStatus(activity, sbc) : 'idle';
  }

  /** Free bytes of the HTTP G-code input buffer (`rr_gcode`'s `buff`). */
  get bufferSpace(): number {
    return Math.max(0, GCODE_BUFFER_FREE - this.#channel.queuedBytes);
  }

  /** Seconds the current job has run (`printDuration` of rr_fileinfo), or null when there is none. */
  get printDuration(): number | null {
    return this.#jobs.current?.durationSeconds ?? null;
  }

  /** Moves simulated time on: heaters, the job, waiting commands. */
  advance(ms: number): void {
    let remaining = ms;
    while (remaining > 0) {
      const step = Math.min(remaining, this.#msToNextEvent());
      this.#clockMs += step;
      stepHeaters(this.model.heat.heaters, step / 1000, this.#clockMs);
      this.#jobs.step(step);
      this.#channel.process();
      remaining -= step;
    }
    this.#refresh();
  }

  /**
   * Runs G-code lines as the HTTP channel does, cut into lines as the firmware cuts them. M112 acts at once,
   * ahead of anything queued (DWC's emergency stop sends `M112` and `M999` together). The promise settles with the reply text when the last
   * line has run; `logReply` also hands it to rr_reply readers.
   */
  execute(code: string, { logReply }: { logReply: boolean }): Promise<string> {
    // RRF ends a console line at CR as at LF; DSF drops every CR (docs/gcode.md).
    let lines = this.#options.mode === 'sbc' ? code.replaceAll('\r', '').split('\n') : code.split(/[\r\n]/);
    const emergency = lines.findIndex((line) => /^\s*M112(?!\d)/i.test(line));
    if (emergency >= 0) {
      this.#emergencyStop();
      lines = lines.slice(emergency + 1);
    }
    return new Promise((resolve) => {
      this.#channel.enqueue(lines, (reply) => {
        if (logReply) this.replies.add(reply);
        resolve(reply);
      });
      this.#refresh();
    });
  }

  /** Brings the machine into a demo state right after boot (a job part-way, paused, halted...). */
  applyScenario(scenario: 'idle' | 'printing' | 'paused' | 'halted' | 'simulating'): void {
    this.advance(BOOT_MS);
    if (scenario === 'halted') this.#emergencyStop();
    else if (scenario === 'simulating') this.#jobs.start('0:/gcodes/Staffa_motore_PETG.gcode', true);
    else if (scenario !== 'idle') {
      this.#jobs.start('0:/gcodes/Carter_frontale.gcode', false);
      for (const heater of this.model.heat.heaters) if (heater) heater.current = heater.active;
      this.advance(CONDITION_STEP_MS);
      this.#jobs.skipTo(0.37);
      if (scenario === 'paused') {
        this.#jobs.pause();
        this.advance(PHASE_MS.pausing);
      }
    }
    this.#refresh();
  }

  /** The object model as DSF serves it (`/machine/model`, WebSocket): every key, nulls included. */
  dsfModel(): Record<string, unknown> {
    return this.#views.dsf();
  }

  /** The object model as RRF serves it (`rr_model`): RRF's keys for this firmware plus `seqs`. */
  rrfModel(): Record<string, unknown> {
    return this.#views.rrf();
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
    this.#views.volumeChanged(volume);
    const card = this.model.volumes[volume];
    if (card && volume === 0) card.freeSpace = this.#options.sd.freeBytes;
    this.#refresh();
  }

  /**
   * Slicer information of a G-code file as the object model holds it (`job.file`, DSF fileinfo): unknown
   * times are null. Relative names are in `0:/gcodes`; no name means the file being printed.
   */
  fileInfo(name: string | undefined, options?: FileFactsOptions): GcodeFileFacts | null {
    const path = name === undefined ? this.#jobs.current?.file.path : resolveInFolder(name, '0:/gcodes');
    return path === undefined ? null : this.#jobs.fileFacts(path, options);
  }

  #msToNextEvent(): number {
    const candidates = [MAX_STEP_MS, this.#jobs.msToNextEvent()];
    const activityEnd = this.#channel.msToActivityEnd;
    if (activityEnd !== null) candidates.push(Math.max(1, activityEnd));
    if (this.#channel.waitsOnCondition || this.#jobs.current?.phase === 'warmUp')
      candidates.push(CONDITION_STEP_MS);
    return Math.min(...candidates);
  }

  #runLine(line: string): LineResult {
    const command = parseGcodeLine(line);
    if (!command) return `Error: Bad command: ${line}`;
    if (this.#halted && !(command.letter === 'M' && command.number === 999)) {
      return 'Error: Printer halted. Send M999 to reset.';
    }
    return runCommand(this.#context, command);
  }

  #createContext(): CommandContext {
    const jobs = this.#jobs;
    return {
      model: this.model,
      profile: this.profile,
      sd: this.#options.sd,
      firmware: this.#options.firmware,
      job: () => jobs.current,
      rrfModel: () => this.rrfModel(),
      selectFile: (path) => jobs.select(path),
      startJob: (path, simulate) => jobs.start(path, simulate),
      startSelectedJob: () => jobs.startSelected(),
      pauseJob: () => jobs.pause(),
      resumeJob: () => jobs.resume(),
      cancelJob: () => jobs.cancel(),
      reboot: (kind) => ({
        kind,
        durationMs: kind === 'update' ? FIRMWARE_UPDATE_MS : this.#options.mode === 'sbc' ? RESET_MS : 0,
        finish: () => {
          this.#reboot();
          return '';
        },
      }),
      setPower: (on) => {
        this.#poweredOff = !on;
        if (!on) this.#heatersOff();
      },
      selectTool: (number) => this.#selectTool(number),
    };
  }

  #selectTool(number: number): void {
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
  }

  #heatersOff(): void {
    for (const heater of this.model.heat.heaters) {
      if (heater) {
        heater.active = heater.standby = 0;
        heater.state = HeaterState.off;
      }
    }
    for (const tool of this.model.tools) if (tool) tool.active = tool.active.map(() => 0);
    const toolFan = this.model.fans[TOOL_FAN];
    if (toolFan) toolFan.requestedValue = toolFan.actualValue = 0;
  }

  #emergencyStop(): void {
    this.#jobs.abort();
    this.#channel.drop();
    this.#halted = true;
    this.#heatersOff();
    for (const axis of this.model.move.axes) axis.homed = false;
  }

  #reboot(): void {
    this.#channel.drop();
    this.#jobs.forget();
    this.#halted = false;
    this.#poweredOff = false;
    this.#clockMs = 0;
    this.#heatersOff();
    for (const axis of this.model.move.axes) axis.homed = false;
    this.#selectTool(-1);
    this.#channel.startOwnActivity({ kind: 'boot', durationMs: BOOT_MS });
    for (const listener of this.#rebootListeners) listener();
  }

  /** Writes the derived live values, renews the views (bumping seqs) and tells listeners. */
  #refresh(): void {
    writeLiveValues(this.model, {
      status: this.status,
      clockMs: this.#clockMs,
      now: this.#options.now(),
      job: this.#jobs.current,
    });
    this.#views.changed(this.replies.seq);
    if (this.#notifyScheduled || this.#changeListeners.size === 0) return;
    this.#notifyScheduled = true;
    queueMicrotask(() => {
      this.#notifyScheduled = false;
      for (const listener of this.#changeListeners) listener();
    });
  }
}
