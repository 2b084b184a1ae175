import {
  type BaseConnector,
  type Callbacks,
  DefaultSettings,
  PollConnector,
  RestConnector,
} from '@duet3d/connectors';
import { ObjectModel } from '@portal/duet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBoard, startBoard } from './board.ts';
import { BOOT_MS } from './machine/machine.ts';
import { installConnectorGlobals } from './test/node-xhr.ts';

/**
 * Duet's official client (the one Duet Web Control 3.6 uses) against the simulator: PollConnector on a
 * standalone board, RestConnector (WebSocket) on an SBC.
 */

installConnectorGlobals();

// FileReader (for upload CRCs) is a browser API Node lacks; CRC uploads are covered by the rr_upload tests.
const settings = {
  ...DefaultSettings,
  password: 'secret',
  crcUploads: false,
  updateInterval: 50,
  pingInterval: 500,
};

interface Follower {
  readonly model: ObjectModel;
  readonly statuses: Set<string>;
  readonly errors: unknown[];
}

function follow(connector: BaseConnector): Follower {
  const follower: Follower = { model: new ObjectModel(), statuses: new Set(), errors: [] };
  const callbacks: Callbacks = {
    onConnectProgress: () => {},
    onConnectionError: (_connector, reason) => follower.errors.push(reason),
    onReconnected: () => {},
    onUpdate: (_connector, data) => {
      follower.model.update(data);
      follower.statuses.add(follower.model.state.status);
    },
    onVolumeChanged: () => {},
  };
  connector.setCallbacks(callbacks);
  return follower;
}

/** Advances the board a step at a time, each time until the connector has seen it, until `done` holds. */
async function runUntil(
  board: RunningBoard,
  follower: Follower,
  stepMs: number,
  done: () => boolean,
): Promise<void> {
  for (let steps = 0; steps < 100 && !done(); steps++) {
    board.advance(stepMs);
    const { upTime } = board.model().state as { upTime: number };
    await expect.poll(() => follower.model.state.upTime).toBe(upTime);
  }
  expect(done()).toBe(true);
}

async function printThrough(
  board: RunningBoard,
  connector: BaseConnector,
  follower: Follower,
): Promise<void> {
  await expect.poll(() => follower.model.state.status).toBe('idle');
  expect(follower.model.network.name).toBe('Connector board');
  expect(follower.model.boards[0]?.firmwareVersion).toBe('3.6.1');
  expect(await connector.sendCode('M32 "Supporto_sensore.gcode"', false)).toBe(
    'File 0:/gcodes/Supporto_sensore.gcode selected for printing',
  );
  await expect.poll(() => follower.model.state.status).toBe('processing');
  await runUntil(board, follower, 60_000, () => Number(follower.model.job.filePosition ?? 0) > 0);
  const position = Number(follower.model.job.filePosition);
  await runUntil(board, follower, 60_000, () => Number(follower.model.job.filePosition ?? 0) > position);
  await runUntil(board, follower, 120_000, () => follower.model.state.status === 'idle');
  // A poller sees the live status first and the job's non-live fields on the follow-up fetch its seq triggers.
  await expect.poll(() => follower.model.job.lastFileName).toBe('0:/gcodes/Supporto_sensore.gcode');
  expect(follower.model.job.lastDuration).toBeGreaterThan(1500);
  expect([...follower.statuses]).toEqual(expect.arrayContaining(['idle', 'processing']));
}

async function transferFiles(connector: BaseConnector, board: RunningBoard): Promise<void> {
  await connector.upload('0:/gcodes/from-connector.gcode', 'G28\nG1 X10\n');
  expect(new TextDecoder().decode(board.sd.read('0:/gcodes/from-connector.gcode'))).toBe('G28\nG1 X10\n');
  expect(await connector.download('0:/gcodes/from-connector.gcode', 'text')).toBe('G28\nG1 X10\n');
  const files = await connector.getFileList('0:/gcodes');
  expect(files.map((file) => file.name)).toContain('from-connector.gcode');
  const info = await connector.getFileInfo('0:/gcodes/Carter_frontale.gcode', false);
  expect(info.numLayers).toBe(400);
  await connector.move('0:/gcodes/from-connector.gcode', '0:/gcodes/moved.gcode');
  expect(board.sd.stat('0:/gcodes/moved.gcode')).toBeDefined();
  await connector.delete('0:/gcodes/moved.gcode');
  expect(board.sd.stat('0:/gcodes/moved.gcode')).toBeUndefined();
}

describe('PollConnector against a standalone 3.6 board', () => {
  let board: RunningBoard;
  let connector: BaseConnector;
  let follower: Follower;

  beforeAll(async () => {
    board = await startBoard({ autoAdvance: false, password: 'secret', name: 'Connector board' });
    board.advance(BOOT_MS);
    connector = await PollConnector.connect(new URL(board.url).host, settings);
    follower = follow(connector);
  });
  afterAll(async () => {
    await connector.disconnect();
    await board.close();
  });

  it('connects with a session key and follows the model through a print', async () => {
    await printThrough(board, connector, follower);
    expect(follower.errors).toEqual([]);
  });

  it('uploads, downloads, lists, moves and deletes files', () => transferFiles(connector, board));
});

describe('RestConnector against an SBC board', () => {
  let board: RunningBoard;
  let connector: BaseConnector;
  let follower: Follower;

  beforeAll(async () => {
    board = await startBoard({
      mode: 'sbc',
      autoAdvance: false,
      password: 'secret',
      name: 'Connector board',
    });
    board.advance(BOOT_MS);
    connector = await RestConnector.connect(new URL(board.url).host, settings);
    follower = follow(connector);
  });
  afterAll(async () => {
    await connector.disconnect();
    await board.close();
  });

  it('connects over the object model WebSocket and follows the model through a print', async () => {
    await printThrough(board, connector, follower);
    expect(follower.errors).toEqual([]);
  });

  it('uploads, downloads, lists, moves and deletes files', () => transferFiles(connector, board));
});
