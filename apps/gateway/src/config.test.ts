import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseCli } from './config.ts';

const folder = mkdtempSync(join(tmpdir(), 'gateway-config-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function configFile(name: string, content: unknown): string {
  const path = join(folder, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const complete = [
  '--server',
  'https://portal.example.com',
  '--controller',
  '7',
  '--key',
  'k',
  '--board',
  'http://10.0.0.5',
];

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('gateway configuration', () => {
  it('reads flags, with defaults for the password and the log level', () => {
    expect(parseCli(complete, {})).toEqual({
      help: false,
      check: false,
      config: {
        server: 'https://portal.example.com',
        controller: 7,
        key: 'k',
        board: 'http://10.0.0.5',
        boardPassword: 'reprap',
        logLevel: 'info',
      },
    });
  });

  it('takes a flag over the environment, and the environment over the file', () => {
    const file = configFile('precedence.json', {
      server: 'ws://from-file:8080',
      controller: 1,
      key: 'file-key',
      board: 'http://file-board',
      webcam: 'http://file-cam:8080',
      logLevel: 'warn',
    });
    const { config } = parseCli(['--config', file, '--key', 'flag-key'], {
      PORTAL_GATEWAY_CONTROLLER: '2',
      PORTAL_GATEWAY_KEY: 'env-key',
      PORTAL_GATEWAY_BOARD_PASSWORD: 'env-password',
      PORTAL_GATEWAY_LOG_LEVEL: '',
    }) as { config: Record<string, unknown> };
    expect(config).toEqual({
      server: 'ws://from-file:8080',
      controller: 2,
      key: 'flag-key',
      board: 'http://file-board',
      webcam: 'http://file-cam:8080',
      boardPassword: 'env-password',
      logLevel: 'warn',
    });
  });

  it('finds the config file through PORTAL_GATEWAY_CONFIG', () => {
    const file = configFile('by-env.json', {
      server: 'http://127.0.0.1:8080',
      controller: 3,
      key: 'k',
      board: 'http://127.0.0.1:9000',
    });
    expect(parseCli([], { PORTAL_GATEWAY_CONFIG: file })).toMatchObject({ config: { controller: 3 } });
  });

  it('names each missing field, and its flag, environment variable and file key', () => {
    const message = errorOf(() => parseCli(['--check'], {}));
    expect(message.split('\n').slice(0, 5)).toEqual([
      'Invalid gateway configuration:',
      '  field `server` is missing: give --server, PORTAL_GATEWAY_SERVER or "server" in the config file',
      '  field `controller` is missing: give --controller, PORTAL_GATEWAY_CONTROLLER or "controller" in the config file',
      '  field `key` is missing: give --key, PORTAL_GATEWAY_KEY or "key" in the config file',
      '  field `board` is missing: give --board, PORTAL_GATEWAY_BOARD or "board" in the config file',
    ]);
    expect(message).not.toContain('webcam');
  });

  it('pairs when no key is given: the portal address alone is needed', () => {
    expect(parseCli(['--server', 'https://portal.example.com'], {})).toEqual({
      help: false,
      pairing: {
        exitAfter: false,
        configPath: undefined,
        config: { server: 'https://portal.example.com', boardPassword: 'reprap', logLevel: 'info' },
      },
    });
    const file = configFile('unpaired.json', { server: 'https://portal.example.com', logLevel: 'info' });
    expect(parseCli(['--pair'], { PORTAL_GATEWAY_CONFIG: file })).toMatchObject({
      pairing: { exitAfter: true, configPath: file },
    });
    expect(
      parseCli(['--pair', '--server', 'https://p.example.com'], {}, '/nonexistent/config.json'),
    ).toMatchObject({
      pairing: { exitAfter: true, configPath: '/nonexistent/config.json' },
    });
    expect(errorOf(() => parseCli(['--pair'], {}, '/nonexistent/config.json'))).toContain(
      'field `server` is missing',
    );
  });

  it("pairs with the installed config file's portal when no file is named, and saves there", () => {
    const installed = configFile('installed.json', {
      server: 'https://portal.example.com',
      logLevel: 'info',
    });
    expect(parseCli(['--pair'], {}, installed)).toMatchObject({
      pairing: { exitAfter: true, configPath: installed, config: { server: 'https://portal.example.com' } },
    });
    // A flag still beats the file; a started service without a key reads only the file it is told of.
    expect(parseCli(['--pair', '--server', 'https://p.example.com'], {}, installed)).toMatchObject({
      pairing: { configPath: installed, config: { server: 'https://p.example.com' } },
    });
    expect(errorOf(() => parseCli([], {}, installed))).toContain('field `server` is missing');
  });

  it('names the field of a wrong value and where it came from: a flag, the environment or the file', () => {
    const file = configFile('wrong-board.json', {
      server: 'https://portal.example.com',
      controller: 7,
      key: 'k',
      board: 'https://10.0.0.5',
    });
    const BOARD = 'must be the board address over plain HTTP, e.g. http://192.168.1.50';
    expect(errorOf(() => parseCli(['--config', file], {}))).toContain(
      `  field \`board\` (from "board" in ${file}): ${BOARD}`,
    );
    expect(errorOf(() => parseCli(['--config', file], { PORTAL_GATEWAY_BOARD: 'board.local' }))).toContain(
      `  field \`board\` (from PORTAL_GATEWAY_BOARD): ${BOARD}`,
    );
    expect(errorOf(() => parseCli(['--config', file, '--board', 'ftp://x'], {}))).toContain(
      `  field \`board\` (from --board): ${BOARD}`,
    );
  });

  it('refuses credentials in an address, and never repeats a value', () => {
    const message = errorOf(() =>
      parseCli([...complete.slice(0, 6), '--board', 'http://admin:hunter2@10.0.0.5'], {
        PORTAL_GATEWAY_SERVER: 'https://gw:s3cret@portal.example.com',
      }),
    );
    expect(message).toContain('field `board` (from --board): must not hold a user name or password');
    expect(message).not.toContain('hunter2');
    expect(errorOf(() => parseCli([...complete, 'my-secret-key'], {}))).not.toContain('my-secret-key');
  });

  it('explains values that cannot work', () => {
    const message = errorOf(() =>
      parseCli(
        [
          '--server',
          'portal.example.com',
          '--controller',
          'seven',
          '--key',
          'k',
          '--board',
          'https://10.0.0.5',
          '--webcam',
          'http://10.0.0.6:8081/0/stream',
          '--log-level',
          'loud',
        ],
        {},
      ),
    );
    expect(message).toContain('field `server` (from --server): must be the portal address');
    expect(message).toContain('field `controller` (from --controller): must be a number');
    expect(message).toContain('field `board` (from --board): must be the board address over plain HTTP');
    expect(message).toContain('field `webcam` (from --webcam): must have no path');
    expect(message).toContain('field `logLevel` (from --log-level): must be one of');
    expect(
      errorOf(() => parseCli([...complete.slice(0, 2), '--controller', '0', ...complete.slice(4)], {})),
    ).toContain('must be a positive number');
  });

  it('refuses unknown flags, unknown file settings, and unreadable files', () => {
    expect(errorOf(() => parseCli([...complete, '--bord', 'x'], {}))).toMatch(/Unknown option '--bord'/);
    const typo = configFile('typo.json', {
      server: 'http://a',
      controller: 1,
      key: 'k',
      board: 'http://b',
      pasword: 'x',
    });
    expect(errorOf(() => parseCli(['--config', typo], {}))).toContain(
      `  field \`pasword\` in ${typo}: unknown setting (the settings are server, controller, key, board, webcam, boardPassword, logLevel)`,
    );
    expect(errorOf(() => parseCli(['--config', join(folder, 'missing.json')], {}))).toMatch(
      /Cannot read the config file .*missing\.json/,
    );
    expect(errorOf(() => parseCli(['--config', configFile('broken.json', '{"server":')], {}))).toMatch(
      /is not valid JSON/,
    );
    expect(errorOf(() => parseCli(['--config', configFile('list.json', [])], {}))).toMatch(/one JSON object/);
  });

  it('shows the usage on --help, and runs the checks on --check', () => {
    expect(parseCli(['--help'], {})).toEqual({ help: true });
    expect(parseCli([...complete, '--check'], {})).toMatchObject({ help: false, check: true });
  });
});

describe('the portal-gateway command', () => {
  it('exits with code 2 and a clear message on a bad configuration', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const run = promisify(execFile)(process.execPath, [cli, '--controller', 'x'], { env: {} });
    const failure = (await run.then(
      () => null,
      (error: unknown) => error,
    )) as { code: number; stderr: string } | null;
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('field `controller` (from --controller): must be a number');
    expect(failure?.stderr).toContain('field `server` is missing');
  });
});
