import { MACHINE_CARD_STATES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { boardErrorOf, estimatedSeconds, isPrintable, printBlockOf, printCommand } from './print-rules';

describe('which files can be printed', () => {
  it("offers G-code files of 0:/gcodes and its sub-folders, with Duet Web Control's endings", () => {
    for (const path of [
      '0:/gcodes/cube.gcode',
      '0:/gcodes/Clienti/Rossi_SRL/Coperchio_quadro.GCODE',
      '0:/gcodes/part.g',
      '0:/gcodes/part.gc',
      '0:/gcodes/part.gco',
      '0:/gcodes/mill.nc',
      '0:/gcodes/mill.ngc',
      '0:/gcodes/mill.tap',
    ]) {
      expect(isPrintable(path), path).toBe(true);
    }
  });

  it('leaves out other files, other folders and backups', () => {
    for (const path of [
      '0:/gcodes/cube.gcode.bck',
      '0:/gcodes/notes.txt',
      '0:/gcodes/.gcode',
      '0:/macros/Purge.g',
      '0:/sys/config.g',
      '0:/gcodes-old/cube.gcode',
      '0:/cube.gcode',
      '1:/gcodes/cube.gcode',
    ]) {
      expect(isPrintable(path), path).toBe(false);
    }
  });
});

describe('the print command', () => {
  it('quotes the full path, doubling quotes and apostrophes inside it', () => {
    expect(printCommand('0:/gcodes/Clienti/Coperchio quadro.gcode')).toBe(
      'M32 "0:/gcodes/Clienti/Coperchio quadro.gcode"',
    );
    expect(printCommand(`0:/gcodes/l'anello "v2".gcode`)).toBe(`M32 "0:/gcodes/l''anello ""v2"".gcode"`);
  });
});

describe("the error in a board's reply", () => {
  it('is its Error lines, and nothing for a reply without one', () => {
    expect(boardErrorOf('Error: File 0:/gcodes/a.g not found')).toBe('Error: File 0:/gcodes/a.g not found');
    expect(boardErrorOf('Warning: low voltage\nerror: M32: no file\n')).toBe('error: M32: no file');
    expect(boardErrorOf('File 0:/gcodes/a.g selected for printing')).toBeNull();
    expect(boardErrorOf('')).toBeNull();
  });
});

describe('when a print cannot start', () => {
  it('is blocked by a job running or paused, a halt, an unreachable or rebooting board', () => {
    expect(printBlockOf('processing')).toBe('running');
    expect(printBlockOf('simulating')).toBe('running');
    expect(printBlockOf('resuming')).toBe('running');
    expect(printBlockOf('cancelling')).toBe('running');
    expect(printBlockOf('paused')).toBe('paused');
    expect(printBlockOf('pausing')).toBe('paused');
    expect(printBlockOf('halted')).toBe('halted');
    expect(printBlockOf('boardOffline')).toBe('offline');
    expect(printBlockOf('gatewayOffline')).toBe('offline');
    expect(printBlockOf('disconnected')).toBe('offline');
    expect(printBlockOf('starting')).toBe('notReady');
    expect(printBlockOf('updating')).toBe('notReady');
  });

  it('lets an idle, briefly busy or not yet known machine try (the board answers for itself)', () => {
    for (const state of ['idle', 'busy', 'changingTool', 'off', 'waiting', undefined] as const) {
      expect(printBlockOf(state), String(state)).toBeNull();
    }
  });

  it('decides every card state', () => {
    for (const state of MACHINE_CARD_STATES) expect(() => printBlockOf(state)).not.toThrow();
  });
});

describe('the estimated time', () => {
  it("prefers the board's simulation to the slicer's estimate, and ignores missing or zero times", () => {
    expect(estimatedSeconds({ printTime: 3600, simulatedTime: 3500 })).toBe(3500);
    expect(estimatedSeconds({ printTime: 3600 })).toBe(3600);
    expect(estimatedSeconds({ printTime: 3600, simulatedTime: 0 })).toBe(3600);
    expect(estimatedSeconds({ printTime: null })).toBeNull();
    expect(estimatedSeconds({})).toBeNull();
  });
});
