import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { type CommandLineIo, parseCommandLine } from './cli-options.ts';

function io(files: Record<string, string> = {}): CommandLineIo & { out: string; err: string } {
  const result = {
    out: '',
    err: '',
    readFile(file: string) {
      const text = files[file];
      if (text === undefined) throw new Error(`ENOENT: ${file}`);
      return text;
    },
    writeOut(text: string) {
      result.out += text;
    },
    writeErr(text: string) {
      result.err += text;
    },
  };
  return result;
}

describe('flags', () => {
  it('start one standalone 3.6 board on any free port by default', () => {
    expect(parseCommandLine([], io())).toEqual({
      boards: [
        {
          name: 'Simulated board 1',
          firmware: '3.6',
          mode: 'standalone',
          password: 'reprap',
          host: '127.0.0.1',
          port: 0,
          timeScale: 1,
        },
      ],
      webcams: [],
    });
  });

  it('give boards, then webcams, consecutive ports from --port', () => {
    const plan = parseCommandLine(
      ['--boards', '2', '--webcams', '2', '--firmware', '3.4', '--mode', 'sbc', '--port', '9000'],
      io(),
    );
    expect(plan.boards.map((board) => [board.port, board.firmware, board.mode])).toEqual([
      [9000, '3.4', 'sbc'],
      [9001, '3.4', 'sbc'],
    ]);
    expect(plan.webcams.map((webcam) => [webcam.label, webcam.port, webcam.fps])).toEqual([
      ['Webcam 1', 9002, 8],
      ['Webcam 2', 9003, 8],
    ]);
  });

  it('pass the password, time scale, host and frame rate on', () => {
    const plan = parseCommandLine(
      ['--password', 's3cret', '--time-scale', '60', '--host', '0.0.0.0', '--webcams', '1', '--fps', '5'],
      io(),
    );
    expect(plan.boards[0]).toMatchObject({ password: 's3cret', timeScale: 60, host: '0.0.0.0' });
    expect(plan.webcams[0]).toMatchObject({ host: '0.0.0.0', fps: 5 });
  });

  it.each([
    [['--firmware', '3.3'], /Allowed choices are 3\.4, 3\.5, 3\.6/],
    [['--mode', 'usb'], /Allowed choices are standalone, sbc/],
    [['--boards', 'two'], /Expected a whole number/],
    [['--port', '70000'], /Expected a whole number from 1 to 65535/],
    [['--port', '65535', '--boards', '2'], /leaves no room for 2 ports/],
    [['--time-scale', '0'], /Expected a number above 0/],
    [['--frobnicate'], /unknown option '--frobnicate'/],
  ])('refuse %j with a readable error', (args, message) => {
    const output = io();
    expect(() => parseCommandLine(args, output)).toThrow(CommanderError);
    expect(output.err).toMatch(message);
  });

  it('print help on --help', () => {
    const output = io();
    expect(() => parseCommandLine(['--help'], output)).toThrow(expect.objectContaining({ exitCode: 0 }));
    expect(output.out).toContain('--fleet <file>');
  });
});

describe('fleet file', () => {
  const fleet = JSON.stringify({
    boards: [
      { name: 'Left printer', firmware: '3.5', mode: 'sbc', port: 9000, initial: 'printing', timeScale: 30 },
      { name: 'Right printer', password: 'x', initial: 'halted' },
    ],
    webcams: [{ label: 'Left camera', port: 9100, fps: 5, width: 320, height: 240 }],
  });

  it('lists each board and webcam, with --host for entries without one', () => {
    const plan = parseCommandLine(
      ['--fleet', 'fleet.json', '--host', '127.0.0.2'],
      io({ 'fleet.json': fleet }),
    );
    expect(plan).toEqual({
      boards: [
        {
          host: '127.0.0.2',
          name: 'Left printer',
          firmware: '3.5',
          mode: 'sbc',
          port: 9000,
          initial: 'printing',
          timeScale: 30,
        },
        { host: '127.0.0.2', name: 'Right printer', password: 'x', initial: 'halted' },
      ],
      webcams: [{ host: '127.0.0.2', label: 'Left camera', port: 9100, fps: 5, width: 320, height: 240 }],
    });
  });

  it('may hold only webcams', () => {
    const plan = parseCommandLine(['--fleet', 'f.json'], io({ 'f.json': '{"webcams":[{}]}' }));
    expect(plan).toEqual({ boards: [], webcams: [{ host: '127.0.0.1' }] });
  });

  it('is not mixed with the flags it replaces', () => {
    const output = io({ 'fleet.json': fleet });
    expect(() =>
      parseCommandLine(['--fleet', 'fleet.json', '--boards', '2', '--time-scale', '5'], output),
    ).toThrow(CommanderError);
    expect(output.err).toMatch(/--fleet replaces --boards, --time-scale/);
  });

  it.each([
    ['{"boards": [', /fleet\.json is not JSON/],
    ['{"boards": [{"firmware": "3.3"}]}', /boards\[0\]\.firmware/],
    ['{"boards": [{"mode": "sbc", "colour": "red"}]}', /colour/],
    ['{"webcams": [{"port": -1}]}', /webcams\[0\]\.port/],
    ['{"printers": []}', /printers/],
  ])('refuses %s, naming what is wrong', (text, message) => {
    expect(() => parseCommandLine(['--fleet', 'fleet.json'], io({ 'fleet.json': text }))).toThrow(message);
  });
});
