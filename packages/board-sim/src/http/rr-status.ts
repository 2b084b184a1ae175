import { type MachineStatusName, type RrStatusResponse, STATUS_LETTERS } from '@portal/duet';
import type { Machine } from '../machine/machine.ts';

const HEATER_STATE_NUMBERS: Readonly<Record<string, number>> = {
  off: 0,
  standby: 1,
  active: 2,
  fault: 3,
  tuning: 4,
  offline: 5,
};

/**
 * The deprecated `rr_status?type=1|2|3` (still used by Cura's plugin to follow a simulation). Built from
 * the object model; the legacy format has more fields than traced, so this carries the commonly read ones.
 */
export function legacyStatus(machine: Machine, type: number): RrStatusResponse {
  const model = machine.model;
  const status = machine.status as Exclude<MachineStatusName, 'disconnected'>;
  const heaters = model.heat.heaters;
  const bed = heaters[model.heat.bedHeaters[0] ?? -1];
  const axes = model.move.axes;
  const response: RrStatusResponse = {
    status: STATUS_LETTERS[status] ?? 'I',
    coords: {
      axesHomed: axes.map((axis) => (axis.homed ? 1 : 0)),
      wpl: 1,
      xyz: axes.map((axis) => axis.userPosition ?? 0),
      machine: axes.map((axis) => axis.machinePosition ?? 0),
      extr: model.move.extruders.map((extruder) => extruder?.position ?? 0),
    },
    speeds: { requested: model.move.currentMove.requestedSpeed, top: model.move.currentMove.topSpeed },
    currentTool: model.state.currentTool,
    params: {
      atxPower: -1,
      fanPercent: model.fans.map((fan) => Math.round((fan?.requestedValue ?? 0) * 100)),
      speedFactor: model.move.speedFactor * 100,
      extrFactors: model.move.extruders.map((extruder) => (extruder?.factor ?? 1) * 100),
    },
    seq: machine.replies.seq,
    sensors: { probeValue: 0, fanRPM: model.fans.map((fan) => fan?.rpm ?? -1) },
    temps: {
      ...(bed
        ? {
            bed: {
              current: bed.current,
              active: bed.active,
              standby: bed.standby,
              state: HEATER_STATE_NUMBERS[bed.state] ?? 0,
              heater: model.heat.bedHeaters[0] ?? 0,
            },
          }
        : {}),
      current: heaters.map((heater) => heater?.current ?? -273.15),
      state: heaters.map((heater) => HEATER_STATE_NUMBERS[heater?.state ?? 'off'] ?? 0),
      tools: {
        active: model.tools.map((tool) => tool?.active ?? []),
        standby: model.tools.map((tool) => tool?.standby ?? []),
      },
    },
    time: model.state.upTime,
  };
  if (type >= 2) response.name = model.network.name;
  if (type === 3) {
    const job = model.job;
    const size = Number(job.file?.size ?? 0);
    response.currentLayer = job.layer ?? 0;
    response.currentLayerTime = job.layerTime ?? 0;
    response.fractionPrinted = size > 0 ? Math.round((Number(job.filePosition ?? 0) / size) * 1000) / 10 : 0;
    response.filePosition = Number(job.filePosition ?? 0);
    response.printDuration = job.duration ?? 0;
    response.warmUpDuration = job.warmUpDuration ?? 0;
    response.timesLeft = { file: job.timesLeft.file ?? 0, filament: job.timesLeft.filament ?? 0 };
  }
  return response;
}
