import { readFileSync } from 'node:fs';
import { type BoardMode, FIRMWARE_VERSIONS } from '@portal/duet';
import { Command, InvalidArgumentError, Option } from 'commander';
import { z } from 'zod';
import type { BoardOptions } from './index.ts';
import type { WebcamOptions } from './webcam/webcam.ts';

/** What the `board-sim` command starts: each board and webcam with its options. */
export interface FleetPlan {
  readonly boards: BoardOptions[];
  readonly webcams: WebcamOptions[];
}

const BOARD_MODES = ['standalone', 'sbc'] as const satisfies readonly BoardMode[];
const INITIAL_STATES = [
  'idle',
  'printing',
  'paused',
  'halted',
  'simulating',
] as const satisfies readonly NonNullable<BoardOptions['initial']>[];

const port = z.number().int().min(0).max(65_535);
const boardEntry = z.strictObject({
  name: z.string().min(1).optional(),
  firmware: z.enum(FIRMWARE_VERSIONS).optional(),
  mode: z.enum(BOARD_MODES).optional(),
  password: z.string().optional(),
  host: z.string().min(1).optional(),
  port: port.optional(),
  initial: z.enum(INITIAL_STATES).optional(),
  timeScale: z.number().positive().optional(),
});
const webcamEntry = z.strictObject({
  label: z.string().min(1).optional(),
  host: z.string().min(1).optional(),
  port: port.optional(),
  fps: z.number().positive().max(60).optional(),
  width: z.number().int().min(16).max(4096).optional(),
  height: z.number().int().min(16).max(4096).optional(),
});
const fleetFile = z.strictObject({
  boards: z.array(boardEntry).default([]),
  webcams: z.array(webcamEntry).default([]),
});

/**
 * Reads a fleet file: `{"boards": [{"name": "…", "firmware": "3.5", "mode": "sbc", "port": 9000, …}],
 * "webcams": [{"label": "…", "port": 9100, …}]}`. Entries without a host get `host`.
 */
export function parseFleetFile(text: string, source: string, host: string): FleetPlan {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = fleetFile.safeParse(json);
  if (!parsed.success) throw new Error(`${source} is not a fleet file:\n${z.prettifyError(parsed.error)}`);
  return {
    boards: parsed.data.boards.map((board) => ({ host, ...board })),
    webcams: parsed.data.webcams.map((webcam) => ({ host, ...webcam })),
  };
}

function wholeNumber(min: number, max: number) {
  return (value: string): number => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > max) {
      throw new InvalidArgumentError(`Expected a whole number from ${min} to ${max}.`);
    }
    return number;
  };
}

function positiveNumber(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new InvalidArgumentError('Expected a number above 0.');
  return number;
}

/** The options that shape a fleet from flags; a fleet file replaces them all. */
const FLEET_FLAGS = [
  'boards',
  'webcams',
  'firmware',
  'mode',
  'port',
  'password',
  'timeScale',
  'fps',
] as const;

/** Where the command reads fleet files and writes help and errors; tests replace it. */
export interface CommandLineIo {
  readFile(file: string): string;
  writeOut(text: string): void;
  writeErr(text: string): void;
}

const PROCESS_IO: CommandLineIo = {
  readFile: (file) => readFileSync(file, 'utf8'),
  writeOut: (text) => process.stdout.write(text),
  writeErr: (text) => process.stderr.write(text),
};

function commandLine(io: CommandLineIo): Command {
  return new Command('board-sim')
    .description('Runs simulated Duet boards and mjpg-streamer webcams on this machine.')
    .addOption(new Option('--boards <count>', 'number of boards').argParser(wholeNumber(0, 1000)).default(1))
    .addOption(
      new Option('--webcams <count>', 'number of webcams').argParser(wholeNumber(0, 1000)).default(0),
    )
    .addOption(
      new Option('--firmware <version>', 'firmware of every board').choices(FIRMWARE_VERSIONS).default('3.6'),
    )
    .addOption(
      new Option('--mode <mode>', 'standalone (rr_*) or sbc (DSF /machine/*)')
        .choices(BOARD_MODES)
        .default('standalone'),
    )
    .addOption(
      new Option(
        '--port <port>',
        'first port: boards, then webcams, take consecutive ports (default: any free port)',
      ).argParser(wholeNumber(1, 65_535)),
    )
    .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
    .addOption(new Option('--password <password>', 'board password ("reprap" means none)').default('reprap'))
    .addOption(
      new Option('--time-scale <factor>', 'jobs run this many times faster than real time')
        .argParser(positiveNumber)
        .default(1),
    )
    .addOption(new Option('--fps <rate>', 'webcam frames per second').argParser(positiveNumber).default(8))
    .addOption(
      new Option(
        '--fleet <file>',
        'JSON file listing each board and webcam (replaces the flags above but --host)',
      ),
    )
    .configureOutput({ writeOut: io.writeOut, writeErr: io.writeErr })
    .exitOverride()
    .showHelpAfterError();
}

interface FlagValues {
  boards: number;
  webcams: number;
  firmware: (typeof FIRMWARE_VERSIONS)[number];
  mode: BoardMode;
  port?: number;
  host: string;
  password: string;
  timeScale: number;
  fps: number;
  fleet?: string;
}

/**
 * Turns the command's arguments (without `node` and the script) into the fleet to start. Throws commander's
 * errors for bad flags (and after printing help), and an Error for a bad fleet file.
 */
export function parseCommandLine(args: readonly string[], io: CommandLineIo = PROCESS_IO): FleetPlan {
  const command = commandLine(io);
  command.parse(args, { from: 'user' });
  const flags = command.opts<FlagValues>();

  if (flags.fleet !== undefined) {
    const mixed = FLEET_FLAGS.filter((flag) => command.getOptionValueSource(flag) === 'cli');
    if (mixed.length > 0) {
      command.error(
        `--fleet replaces ${mixed.map((flag) => `--${kebab(flag)}`).join(', ')}: give one or the other.`,
      );
    }
    return parseFleetFile(io.readFile(flags.fleet), flags.fleet, flags.host);
  }

  const portAt = (index: number) => (flags.port === undefined ? 0 : flags.port + index);
  if (flags.port !== undefined && flags.port + flags.boards + flags.webcams - 1 > 65_535) {
    command.error(`--port ${flags.port} leaves no room for ${flags.boards + flags.webcams} ports.`);
  }
  return {
    boards: Array.from({ length: flags.boards }, (_, index) => ({
      name: `Simulated board ${index + 1}`,
      firmware: flags.firmware,
      mode: flags.mode,
      password: flags.password,
      host: flags.host,
      port: portAt(index),
      timeScale: flags.timeScale,
    })),
    webcams: Array.from({ length: flags.webcams }, (_, index) => ({
      label: `Webcam ${index + 1}`,
      host: flags.host,
      port: portAt(flags.boards + index),
      fps: flags.fps,
    })),
  };
}

function kebab(flag: string): string {
  return flag.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
