import { type FirmwareVersion, HeaterState, type ObjectModel } from '@portal/duet';
import { resolveInFolder, type SdCard } from '../sd/sd-card.ts';
import type { ActivityRequest } from './activity.ts';
import type { BoardProfile } from './board-profile.ts';
import { fileArgument, type GcodeCommand, numberParam } from './gcode-line.ts';
import { BED_HEATER, HOTEND_HEATER, TOOL_FAN } from './initial-model.ts';
import type { JobRun } from './job.ts';
import { queryModel } from './model-query.ts';
import { isAtTemperature } from './thermal.ts';

/** What commands may do to the machine; the job and power transitions stay with the machine. */
export interface CommandContext {
  readonly model: ObjectModel;
  readonly profile: BoardProfile;
  readonly sd: SdCard;
  readonly firmware: FirmwareVersion;
  job(): JobRun | null;
  rrfModel(): Record<string, unknown>;
  selectFile(path: string): string;
  startJob(path: string, simulate: boolean): string;
  startSelectedJob(): string;
  pauseJob(): string;
  resumeJob(): string;
  cancelJob(): string;
  reboot(kind: 'reset' | 'update'): ActivityRequest;
  setPower(on: boolean): void;
  selectTool(number: number): void;
}

/** A reply, something to wait for, or macro lines to run next. */
export type CommandResult = string | ActivityRequest | { readonly macro: string[] };

const HOMING_MS = 3000;
const PROBING_MS = 5000;
const TOOL_CHANGE_MS = 1200;

const decoder = new TextDecoder();

function formatPosition(value: number | null): string {
  return (value ?? 0).toFixed(3);
}

function setHeaterTemperature(context: CommandContext, heaterIndex: number, temperature: number): void {
  const heater = context.model.heat.heaters[heaterIndex];
  if (!heater) return;
  heater.active = temperature;
  heater.state = temperature > 0 ? HeaterState.active : HeaterState.off;
}

/** M104/M109/G10: the active temperature of a tool (the current one, or tool 0 when none is selected). */
function setToolTemperature(
  context: CommandContext,
  command: GcodeCommand,
  toolLetter: string,
): string | null {
  const temperature = numberParam(command, 'S');
  const toolNumber = numberParam(command, toolLetter) ?? Math.max(0, context.model.state.currentTool);
  const tool = context.model.tools.find((candidate) => candidate?.number === toolNumber);
  if (!tool) return `Error: ${command.letter}${command.number}: Invalid tool number`;
  if (temperature !== undefined) {
    tool.active = tool.heaters.map(() => temperature);
    for (const heaterIndex of tool.heaters) setHeaterTemperature(context, heaterIndex, temperature);
  }
  const standby = numberParam(command, 'R');
  if (standby !== undefined) tool.standby = tool.heaters.map(() => standby);
  return null;
}

function waitForHeaters(context: CommandContext, heaterIndices: readonly number[]): ActivityRequest {
  return {
    kind: 'heating',
    until: () =>
      heaterIndices.every((index) => {
        const heater = context.model.heat.heaters[index];
        return !heater || heater.state === HeaterState.off || isAtTemperature(heater);
      }),
  };
}

function home(context: CommandContext, command: GcodeCommand): ActivityRequest {
  const letters = ['X', 'Y', 'Z'].filter((letter) => command.params.has(letter));
  const axes = context.model.move.axes.filter(
    (axis) => letters.length === 0 || letters.includes(axis.letter),
  );
  return {
    kind: 'homing',
    durationMs: HOMING_MS,
    finish: () => {
      for (const axis of axes) {
        axis.homed = true;
        axis.userPosition = axis.machinePosition = 0;
      }
      return '';
    },
  };
}

function move(context: CommandContext, command: GcodeCommand): string {
  const relative = context.model.inputs[0]?.axesRelative ?? false;
  for (const axis of context.model.move.axes) {
    const target = numberParam(command, axis.letter);
    if (target === undefined) continue;
    if (!axis.homed && context.model.move.noMovesBeforeHoming) {
      return `Error: G${command.number}: insufficient axes homed`;
    }
    const position = relative ? (axis.userPosition ?? 0) + target : target;
    if (position < axis.min || position > axis.max) {
      return `Error: G${command.number}: target position outside machine limits`;
    }
    axis.userPosition = axis.machinePosition = Math.round(position * 1000) / 1000;
  }
  const extrusion = numberParam(command, 'E');
  const extruder = context.model.move.extruders[0];
  if (extrusion !== undefined && extruder) {
    extruder.rawPosition += extrusion;
    extruder.position = extruder.rawPosition;
  }
  return '';
}

function runMacro(context: CommandContext, command: GcodeCommand): CommandResult {
  const name = fileArgument(command, 'P');
  const path = resolveInFolder(name, '0:/sys');
  const data = context.sd.read(path);
  if (!data) return `Error: M98: Macro file ${name} not found`;
  // Both firmwares drop CR in files (RRF since 3.4), so `M9\r97` is M997.
  return { macro: decoder.decode(data).replaceAll('\r', '').split('\n') };
}

function changeTool(context: CommandContext, command: GcodeCommand): CommandResult {
  if (Number.isNaN(command.number)) {
    const current = context.model.state.currentTool;
    return current < 0 ? 'No tool is selected' : `Tool ${current} is selected`;
  }
  const number = command.number;
  if (number >= 0 && !context.model.tools.some((tool) => tool?.number === number)) {
    return `Error: T${number}: Invalid tool number`;
  }
  if (number === context.model.state.currentTool) return '';
  return {
    kind: 'toolChange',
    durationMs: TOOL_CHANGE_MS,
    finish: () => {
      context.selectTool(number);
      return '';
    },
  };
}

function fileList(context: CommandContext): string {
  const entries = context.sd.list('0:/gcodes') ?? [];
  return [
    'Begin file list',
    ...entries.map((entry) => (entry.isDirectory ? `*${entry.name}` : entry.name)),
    'End file list',
  ].join('\n');
}

function diagnostics(context: CommandContext): string {
  const board = context.model.boards[0];
  return [
    '=== Diagnostics ===',
    `RepRapFirmware for ${context.profile.name} version ${context.profile.firmwareVersion} (${context.profile.firmwareDate}) running on ${context.profile.name} (simulated)`,
    `Board ID: ${board?.uniqueId ?? ''}`,
    `Never used RAM ${board?.freeRam ?? 0}, free system stack 180 words`,
    'Used output buffers: 3 of 40 (11 max)',
    '=== Platform ===',
    `Last reset ${context.model.state.upTime}s ago, cause: power up`,
    `MCU temperature: min ${board?.mcuTemp?.min ?? 0}, current ${board?.mcuTemp?.current ?? 0}, max ${board?.mcuTemp?.max ?? 0}`,
  ].join('\n');
}

/** Runs one parsed command. Commands the simulator does not model are accepted silently, as many are. */
export function runCommand(context: CommandContext, command: GcodeCommand): CommandResult {
  const { model } = context;
  if (command.letter === 'T') return changeTool(context, command);
  const code = `${command.letter}${command.number}`;
  switch (code) {
    case 'G0':
    case 'G1':
      return move(context, command);
    case 'G4':
      return {
        kind: 'dwell',
        durationMs: (numberParam(command, 'P') ?? 0) + (numberParam(command, 'S') ?? 0) * 1000,
      };
    case 'G10':
      return setToolTemperature(context, command, 'P') ?? '';
    case 'G28':
      return home(context, command);
    case 'G29':
    case 'G30':
    case 'G32':
      return { kind: 'homing', durationMs: PROBING_MS };
    case 'G90':
    case 'G91': {
      const http = model.inputs[0];
      if (http) http.axesRelative = code === 'G91';
      return '';
    }
    case 'M0':
    case 'M1':
      return context.cancelJob();
    case 'M18':
    case 'M84':
      for (const axis of model.move.axes) axis.homed = false;
      return '';
    case 'M20':
      return fileList(context);
    case 'M23':
      return context.selectFile(resolveInFolder(fileArgument(command), '0:/gcodes'));
    case 'M24':
      return context.job()?.phase === 'paused' ? context.resumeJob() : context.startSelectedJob();
    case 'M25':
    case 'M226':
      return context.pauseJob();
    case 'M32':
      return context.startJob(resolveInFolder(fileArgument(command), '0:/gcodes'), false);
    case 'M37': {
      const name = fileArgument(command, 'P');
      return name === ''
        ? 'Simulation mode: off'
        : context.startJob(resolveInFolder(name, '0:/gcodes'), true);
    }
    case 'M80':
    case 'M81':
      context.setPower(code === 'M80');
      return '';
    case 'M98':
      return runMacro(context, command);
    case 'M104':
      return setToolTemperature(context, command, 'T') ?? '';
    case 'M109': {
      const error = setToolTemperature(context, command, 'T');
      if (error) return error;
      if (model.state.currentTool < 0) context.selectTool(0);
      return waitForHeaters(context, [HOTEND_HEATER]);
    }
    case 'M106':
    case 'M107': {
      const fan = model.fans[numberParam(command, 'P') ?? TOOL_FAN];
      if (!fan) return `Error: ${code}: Invalid fan number`;
      const speed = code === 'M107' ? 0 : (numberParam(command, 'S') ?? 1);
      fan.requestedValue = fan.actualValue = Math.min(1, speed > 1 ? speed / 255 : speed);
      return '';
    }
    case 'M114': {
      const [x, y, z] = model.move.axes;
      const e = model.move.extruders[0]?.position ?? 0;
      return `X:${formatPosition(x?.userPosition ?? 0)} Y:${formatPosition(y?.userPosition ?? 0)} Z:${formatPosition(z?.userPosition ?? 0)} E:${e.toFixed(3)} Count 0 0 0 Machine ${formatPosition(x?.machinePosition ?? 0)} ${formatPosition(y?.machinePosition ?? 0)} ${formatPosition(z?.machinePosition ?? 0)} Bed comp 0.000`;
    }
    case 'M115':
      return `FIRMWARE_NAME: RepRapFirmware for ${context.profile.name} FIRMWARE_VERSION: ${context.profile.firmwareVersion} ELECTRONICS: ${context.profile.name} FIRMWARE_DATE: ${context.profile.firmwareDate} 12:00:00`;
    case 'M116':
      return waitForHeaters(context, [BED_HEATER, HOTEND_HEATER]);
    case 'M117':
      model.state.displayMessage = fileArgument(command);
      return '';
    case 'M118':
      return fileArgument(command, 'S');
    case 'M122':
      return diagnostics(context);
    case 'M140':
    case 'M190': {
      const temperature = numberParam(command, 'S');
      if (temperature !== undefined) setHeaterTemperature(context, BED_HEATER, temperature);
      return code === 'M190' ? waitForHeaters(context, [BED_HEATER]) : '';
    }
    case 'M220': {
      const percent = numberParam(command, 'S');
      if (percent === undefined) return `Speed factor: ${(model.move.speedFactor * 100).toFixed(1)}%`;
      model.move.speedFactor = Math.max(0.1, percent / 100);
      return '';
    }
    case 'M221': {
      const percent = numberParam(command, 'S');
      const extruder = model.move.extruders[numberParam(command, 'D') ?? 0];
      if (percent !== undefined && extruder) extruder.factor = percent / 100;
      return '';
    }
    case 'M409':
      return JSON.stringify(
        queryModel(context.rrfModel(), command.params.get('K') ?? '', command.params.get('F') ?? ''),
      );
    case 'M997':
      return context.reboot('update');
    case 'M999':
      return context.reboot('reset');
    default:
      return '';
  }
}
