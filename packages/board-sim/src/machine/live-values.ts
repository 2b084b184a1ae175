import { formatBoardDate, type MachineStatusName, type ObjectModel } from '@portal/duet';
import { HOTEND_FAN, HOTEND_HEATER, TOOL_FAN } from './initial-model.ts';
import type { JobRun } from './job.ts';

/** Live `job` fields while no file is being printed. */
const NO_JOB_PROGRESS = {
  duration: null,
  filePosition: 0,
  layer: null,
  layerTime: null,
  pauseDuration: null,
  rawExtrusion: null,
  timesLeft: { file: null, filament: null, slicer: null },
  warmUpDuration: null,
} as const;

/** Hotend fan switches on above this temperature (config.g's thermostatic fan). */
const HOTEND_FAN_ON_C = 45;

export interface LiveState {
  readonly status: MachineStatusName;
  readonly clockMs: number;
  readonly now: Date;
  readonly job: JobRun | null;
}

/**
 * Writes what follows from the machine's state into the model's live fields: status and clocks, sensor
 * readings, fans, the head's position and the job's progress.
 */
export function writeLiveValues(model: ObjectModel, { status, clockMs, now, job }: LiveState): void {
  model.state.status = status as typeof model.state.status;
  model.state.upTime = Math.floor(clockMs / 1000);
  model.state.msUpTime = clockMs % 1000;
  model.state.time = formatBoardDate(now);
  const hotend = model.heat.heaters[HOTEND_HEATER];
  const hotendFan = model.fans[HOTEND_FAN];
  if (hotend && hotendFan) {
    const on = hotend.current >= HOTEND_FAN_ON_C;
    hotendFan.actualValue = on ? 1 : 0;
    hotendFan.rpm = on ? 5200 : 0;
  }
  model.heat.heaters.forEach((heater, index) => {
    const sensor = model.sensors.analog[index];
    if (heater && sensor) sensor.lastReading = heater.current;
  });
  const printing = job !== null && job.phase === 'printing' && !job.simulate;
  const toolFan = model.fans[TOOL_FAN];
  // Slicers turn the part cooling fan on from the second layer.
  if (job && !job.simulate && toolFan && (job.layer ?? 0) >= 2)
    toolFan.requestedValue = toolFan.actualValue = 1;
  const [x, y, z] = model.move.axes;
  if (printing && x && y && z) {
    x.userPosition = x.machinePosition = Math.round((150 + 45 * Math.sin(clockMs / 3100)) * 1000) / 1000;
    y.userPosition = y.machinePosition = Math.round((150 + 45 * Math.cos(clockMs / 2300)) * 1000) / 1000;
    z.userPosition = z.machinePosition =
      Math.round((job.layer ?? 0) * job.file.info.layerHeight * 1000) / 1000;
  }
  const extruder = model.move.extruders[0];
  if (extruder && job && !job.simulate) {
    extruder.position = extruder.rawPosition = Math.round(job.filamentUsedMm * 10) / 10;
  }
  model.move.currentMove.requestedSpeed = model.move.currentMove.topSpeed = printing ? 80 : 0;
  model.update({ job: job ? job.modelFields(model.move.speedFactor) : NO_JOB_PROGRESS });
}
