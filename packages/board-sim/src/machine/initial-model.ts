import type { BoardMode } from '@portal/duet';
import { ObjectModel } from '@portal/duet';
import type { BoardProfile } from './board-profile.ts';

/** Temperature of the room the simulated printer stands in. */
export const AMBIENT_C = 22;

/** `job.file` of the object model while no file is being printed. */
export const NO_JOB_FILE = {
  fileName: null,
  size: 0,
  lastModified: null,
  height: 0,
  layerHeight: 0,
  numLayers: 0,
  printTime: null,
  simulatedTime: null,
  filament: [],
  generatedBy: null,
  thumbnails: [],
} as const;

export const BED_HEATER = 0;
export const HOTEND_HEATER = 1;
export const TOOL_FAN = 0;
export const HOTEND_FAN = 1;

const INPUT_CHANNELS = [
  'HTTP',
  'Telnet',
  'File',
  'USB',
  'Aux',
  'Trigger',
  'Queue',
  'LCD',
  'SBC',
  'Daemon',
  'Aux2',
  'Autopause',
];

export interface InitialModelOptions {
  readonly profile: BoardProfile;
  readonly mode: BoardMode;
  readonly name: string;
  readonly host: string;
  readonly sdCapacityBytes: number;
}

function heater(max: number, sensor: number) {
  return { active: 0, standby: 0, current: AMBIENT_C, avgPwm: 0, state: 'off', max, min: -10, sensor };
}

function axis(letter: string, max: number, stepsPerMm: number, speed: number, driver: string) {
  return {
    letter,
    min: 0,
    max,
    homed: false,
    visible: true,
    stepsPerMm,
    speed,
    acceleration: letter === 'Z' ? 200 : 1000,
    jerk: letter === 'Z' ? 60 : 900,
    drivers: [driver],
    userPosition: 0,
    machinePosition: 0,
    workplaceOffsets: [0, 0, 0, 0, 0, 0, 0, 0, 0],
  };
}

/** A plausible single-tool cartesian printer: X/Y/Z and one extruder, heated bed and hotend, two fans. */
export function createInitialModel({
  profile,
  mode,
  name,
  host,
  sdCapacityBytes,
}: InitialModelOptions): ObjectModel {
  const model = new ObjectModel();
  model.update({
    boards: [
      {
        canAddress: profile.shortName === 'MB6HC' ? 0 : null,
        firmwareDate: profile.firmwareDate,
        firmwareFileName: `Duet3Firmware_${profile.shortName}.bin`,
        firmwareName: 'RepRapFirmware',
        firmwareVersion: profile.firmwareVersion,
        freeRam: 81_234,
        iapFileNameSD: `Duet3_SDiap32_${profile.shortName}.bin`,
        maxHeaters: 32,
        maxMotors: 6,
        mcuTemp: { current: 38.2, min: 31.5, max: 39.1 },
        name: profile.name,
        shortName: profile.shortName,
        state: 'running',
        uniqueId: '08DJM-956BA-NA3TN-6J1FL-3SD6K-9VZ7L',
        vIn: { current: 24.1, min: 23.9, max: 24.3 },
        v12: { current: 12.1, min: 12, max: 12.2 },
      },
    ],
    fans: [
      { name: 'Tool fan', requestedValue: 0, actualValue: 0, rpm: -1 },
      {
        name: 'Hotend fan',
        requestedValue: 1,
        actualValue: 0,
        rpm: 0,
        thermostatic: { heaters: [HOTEND_HEATER], highTemperature: 45, lowTemperature: 45 },
      },
    ],
    heat: {
      bedHeaters: [BED_HEATER, -1, -1, -1],
      chamberHeaters: [-1, -1, -1, -1],
      heaters: [heater(120, 0), heater(285, 1)],
    },
    inputs: INPUT_CHANNELS.map((channel) => ({ name: channel, state: 'idle', lineNumber: 0 })),
    limits: {
      axes: 10,
      axesPlusExtruders: 10,
      bedHeaters: 12,
      boards: 1,
      chamberHeaters: 4,
      drivers: 6,
      extruders: 6,
      extrudersPerTool: 8,
      fans: 16,
      heaters: 32,
      heatersPerTool: 20,
      sensors: 56,
      tools: 50,
      volumes: 2,
      workplaces: 9,
    },
    move: {
      axes: [axis('X', 300, 80, 200, '0.0'), axis('Y', 300, 80, 200, '0.1'), axis('Z', 350, 400, 20, '0.2')],
      extruders: [{ driver: '0.3', filament: 'PLA', position: 0, rawPosition: 0, stepsPerMm: 420 }],
      kinematics: { name: 'cartesian' },
      speedFactor: 1,
    },
    network: {
      hostname: name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-'),
      name,
      interfaces: [
        {
          type: profile.networkInterface,
          state: 'active',
          actualIP: host,
          configuredIP: '0.0.0.0',
          mac: '02:00:5e:10:00:01',
          speed: profile.networkInterface === 'ethernet' ? 100 : null,
          activeProtocols: ['http'],
        },
      ],
    },
    sensors: {
      analog: [
        { name: 'bed', type: 'thermistor', lastReading: 22, state: 'ok' },
        { name: 'nozzle', type: 'pt1000', lastReading: 22, state: 'ok' },
      ],
      endstops: [{ triggered: false, type: 'inputPin' }, { triggered: false, type: 'inputPin' }, null],
      probes: [{ type: 8, value: [0], threshold: 500, triggerHeight: 1.2 }],
    },
    state: { status: 'starting', machineMode: 'FFF', currentTool: -1, upTime: 0, msUpTime: 0 },
    tools: [
      {
        number: 0,
        name: 'Hotend',
        heaters: [HOTEND_HEATER],
        extruders: [0],
        fans: [TOOL_FAN],
        active: [0],
        standby: [0],
        state: 'off',
        offsets: [0, 0, 0],
        filamentExtruder: 0,
      },
    ],
    volumes: [
      {
        path: '0:/',
        mounted: true,
        capacity: sdCapacityBytes,
        freeSpace: sdCapacityBytes,
        partitionSize: sdCapacityBytes,
        speed: 20_000_000,
        openFiles: 0,
      },
      { path: '1:/', mounted: false },
    ],
    job: {
      file: NO_JOB_FILE,
      filePosition: 0,
    },
  });
  if (mode === 'sbc') {
    model.update({
      sbc: {
        appArmor: false,
        cpu: { avgLoad: 0.12, hardware: 'BCM2835', numCores: 4, temperature: 46.5 },
        distribution: 'Debian GNU/Linux 12 (bookworm)',
        dsf: {
          buildDateTime: `${profile.firmwareDate}T10:00:00`,
          is64Bit: true,
          pluginSupport: true,
          rootPluginSupport: false,
          version: profile.firmwareVersion,
        },
        memory: { available: 3_012_345_856, total: 4_124_315_648 },
        model: 'Raspberry Pi 4 Model B Rev 1.4',
        serial: '10000000a1b2c3d4',
        uptime: 0,
      },
    });
  }
  return model;
}
