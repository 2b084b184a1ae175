import type { SlicedFileInfo } from '../sd/gcode-info.ts';

/** Where a file job stands; `pausing`, `resuming` and `cancelling` last a moment (moves finish, head parks). */
export type JobPhase = 'warmUp' | 'printing' | 'pausing' | 'paused' | 'resuming' | 'cancelling';

/** Simulation (M37) runs through a file this many times faster than printing it. */
export const SIMULATION_SPEEDUP = 30;
/** How long the transitional phases last, in simulated milliseconds. */
export const PHASE_MS = { pausing: 2000, resuming: 2000, cancelling: 1500 } as const;

export interface JobFile {
  readonly path: string;
  readonly size: number;
  readonly modified: Date;
  readonly info: SlicedFileInfo;
  /** First bed and hotend temperatures the file sets (its start G-code). */
  readonly bedTemperature: number;
  readonly hotendTemperature: number;
}

/** A job's progress over simulated time; the machine decides when phases change. */
export class JobRun {
  readonly file: JobFile;
  readonly simulate: boolean;
  phase: JobPhase;
  /** Clock time at which a transitional phase ends. */
  phaseEndsAt: number | null = null;
  elapsedMs = 0;
  /** Progress measured in the slicer's own print time. */
  printedMs = 0;
  pausedMs = 0;
  warmUpMs: number | null = null;
  layerStartedAtMs = 0;
  #lastLayer = 0;

  constructor(file: JobFile, simulate: boolean) {
    this.file = file;
    this.simulate = simulate;
    this.phase = simulate ? 'printing' : 'warmUp';
    if (simulate) this.warmUpMs = 0;
  }

  /** Slicer print time in ms (a file without an estimate is taken as one second per kilobyte). */
  get totalMs(): number {
    return (this.file.info.printTime ?? Math.max(60, this.file.size / 1024)) * 1000;
  }

  get fraction(): number {
    return Math.min(1, this.printedMs / this.totalMs);
  }

  get isFinished(): boolean {
    return this.printedMs >= this.totalMs;
  }

  /** Slicer milliseconds printed per clock millisecond. */
  rate(speedFactor: number): number {
    return this.simulate ? SIMULATION_SPEEDUP : speedFactor;
  }

  /** Clock milliseconds until the file is done at the current rate (infinite when not printing). */
  msToFinish(speedFactor: number): number {
    return this.phase === 'printing'
      ? (this.totalMs - this.printedMs) / this.rate(speedFactor)
      : Number.POSITIVE_INFINITY;
  }

  step(ms: number, speedFactor: number): void {
    this.elapsedMs += ms;
    if (this.phase === 'printing')
      this.printedMs = Math.min(this.totalMs, this.printedMs + ms * this.rate(speedFactor));
    if (this.phase === 'paused') this.pausedMs += ms;
    const layer = this.layer ?? 0;
    if (layer !== this.#lastLayer) {
      this.#lastLayer = layer;
      this.layerStartedAtMs = this.elapsedMs;
    }
  }

  get layer(): number | null {
    if (this.warmUpMs === null) return null;
    const layers = this.file.info.numLayers;
    return layers > 0 ? Math.min(layers, 1 + Math.floor(this.fraction * layers)) : null;
  }

  get filePosition(): number {
    return Math.floor(this.file.size * this.fraction);
  }

  get filamentUsedMm(): number {
    return (this.file.info.filament[0] ?? 0) * this.fraction;
  }

  /** `job.duration`: seconds since the start; in a simulation, the simulated print time. */
  get durationSeconds(): number {
    return Math.floor((this.simulate ? this.printedMs : this.elapsedMs) / 1000);
  }

  /** The live `job` fields of the object model while this job runs. */
  modelFields(speedFactor: number): Record<string, unknown> {
    const printing = this.warmUpMs !== null;
    const remainingS = Math.round((this.totalMs - this.printedMs) / 1000 / Math.max(0.1, speedFactor));
    return {
      duration: this.durationSeconds,
      filePosition: this.filePosition,
      layer: this.layer,
      layerTime: printing ? Math.floor((this.elapsedMs - this.layerStartedAtMs) / 1000) : null,
      pauseDuration: Math.floor(this.pausedMs / 1000),
      rawExtrusion: printing ? Math.round(this.filamentUsedMm * 10) / 10 : null,
      timesLeft: {
        file: printing ? remainingS : null,
        filament: printing && this.file.info.filament.length > 0 ? remainingS : null,
        slicer:
          printing && this.file.info.printTime !== null
            ? Math.round((this.totalMs - this.printedMs) / 1000)
            : null,
      },
      warmUpDuration: this.warmUpMs === null ? null : Math.floor(this.warmUpMs / 1000),
    };
  }
}

/** The first bed and hotend setpoints of a file's start G-code (PLA-like defaults when absent). */
export function firstSetpoints(head: string): { bed: number; hotend: number } {
  const bed = /^M1[49]0 S(\d+(?:\.\d+)?)/m.exec(head);
  const hotend = /^M10[49] S(\d+(?:\.\d+)?)/m.exec(head);
  return { bed: bed ? Number(bed[1]) : 60, hotend: hotend ? Number(hotend[1]) : 215 };
}
