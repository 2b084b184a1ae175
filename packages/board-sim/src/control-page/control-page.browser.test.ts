import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { controlPageFiles } from './build.ts';
import { type FakeBoard, startFakeBoard } from './fake-board.test-support.ts';

/** The page must find its board under whatever prefix a proxy serves it from. */
const PREFIX = '/proxy/duet/3.6/customer/42/';
const WAIT = { timeout: 10_000 };

let board: FakeBoard;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  board = await startFakeBoard({ prefix: PREFIX, files: await controlPageFiles() });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  page = await browser.newPage();
  await page.goto(`${board.url}${PREFIX}`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await board?.close();
});

describe('the control page under a proxy prefix', () => {
  it('connects through the official connector at its own folder and shows the machine', async () => {
    await page.locator('#status', { hasText: 'processing' }).waitFor(WAIT);
    expect(await page.locator('h1').textContent()).toBe('Test printer');
    expect(await page.locator('#job-file').textContent()).toBe('0:/gcodes/cube.gcode');
    expect(await page.locator('#job-percent').textContent()).toBe('42.0%');
    await page.getByRole('cell', { name: '210.4 °C' }).waitFor(WAIT);

    const apiCalls = board.requests.filter((target) => target.includes('rr_'));
    expect(apiCalls[0]).toMatch(
      /^\/proxy\/duet\/3\.6\/customer\/42\/rr_connect\?password=&time=.+&sessionKey=yes$/,
    );
    expect(apiCalls.every((target) => target.startsWith(`${PREFIX}rr_`))).toBe(true);
  });

  it('Pause sends M25 under the prefix and the status follows', async () => {
    await page.getByRole('button', { name: 'Pause' }).click();
    await vi.waitFor(() => expect(board.requests).toContain(`${PREFIX}rr_gcode?gcode=M25`), WAIT);
    await page.locator('#status', { hasText: 'paused' }).waitFor(WAIT);
  });

  it('the console sends a code and shows the reply', async () => {
    await page.getByLabel('G-code').fill('M115');
    await page.getByRole('button', { name: 'Send' }).click();
    await vi.waitFor(() => expect(board.requests).toContain(`${PREFIX}rr_gcode?gcode=M115`), WAIT);
    await page.getByText('FIRMWARE_NAME: RepRapFirmware (fake)').waitFor(WAIT);
    expect(await page.locator('#console-log li').allTextContents()).toEqual([
      'M25',
      'M115',
      'FIRMWARE_NAME: RepRapFirmware (fake)',
    ]);
  });
});
