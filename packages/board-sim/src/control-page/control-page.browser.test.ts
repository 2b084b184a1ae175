import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningBoard, startBoard, TICK_MS } from '../board.ts';
import { BOOT_MS } from '../machine/machine.ts';
import { behindPrefix, type PrefixedBoard } from '../test/behind-prefix.ts';
import { controlPageFiles } from './build.ts';

/** The page must find its board under whatever prefix a proxy serves it from. */
const PREFIX = '/proxy/duet/3.6/customer/42/';
const WAIT = { timeout: 10_000 };

let board: RunningBoard;
let proxy: PrefixedBoard;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // Its clock moves only when a test moves it, so what the page shows can be compared with the model.
  board = await startBoard({
    name: 'Test printer',
    initial: 'printing',
    autoAdvance: false,
    www: await controlPageFiles(),
  });
  board.advance(BOOT_MS);
  proxy = await behindPrefix(board, PREFIX);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  page = await browser.newPage();
  await page.goto(`${proxy.url}${PREFIX}`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await board?.close();
});

describe('the control page under a proxy prefix', () => {
  it('connects through the official connector at its own folder and shows the machine', async () => {
    await page.locator('#status', { hasText: 'processing' }).waitFor(WAIT);
    expect(await page.locator('h1').textContent()).toBe('Test printer');
    const { job, heat } = board.model() as {
      job: { file: { fileName: string; size: number }; filePosition: number };
      heat: { heaters: { current: number }[] };
    };
    expect(await page.locator('#job-file').textContent()).toBe(job.file.fileName);
    const percent = ((job.filePosition / job.file.size) * 100).toFixed(1);
    expect(await page.locator('#job-percent').textContent()).toBe(`${percent}%`);
    await page.getByRole('cell', { name: `${heat.heaters[1]?.current.toFixed(1)} °C` }).waitFor(WAIT);

    const apiCalls = proxy.requests.filter((target) => target.includes('rr_'));
    expect(apiCalls[0]).toMatch(
      /^\/proxy\/duet\/3\.6\/customer\/42\/rr_connect\?password=&time=.+&sessionKey=yes$/,
    );
    expect(apiCalls.every((target) => target.startsWith(`${PREFIX}rr_`))).toBe(true);
  });

  it('Pause sends M25 under the prefix and the status follows', async () => {
    await page.getByRole('button', { name: 'Pause' }).click();
    await vi.waitFor(() => expect(proxy.requests).toContain(`${PREFIX}rr_gcode?gcode=M25`), WAIT);
    // The board takes a moment (of its own clock) to finish the pause.
    await vi.waitFor(() => {
      board.advance(TICK_MS);
      expect((board.model() as { state: { status: string } }).state.status).toBe('paused');
    }, WAIT);
    await page.locator('#status', { hasText: 'paused' }).waitFor(WAIT);
  });

  it('the console sends a code and shows the reply', async () => {
    await page.getByLabel('G-code').fill('M115');
    await page.getByRole('button', { name: 'Send' }).click();
    await vi.waitFor(() => expect(proxy.requests).toContain(`${PREFIX}rr_gcode?gcode=M115`), WAIT);
    const reply = page.getByText(/^FIRMWARE_NAME: RepRapFirmware for /);
    await reply.waitFor(WAIT);
    expect(await page.locator('#console-log li').allTextContents()).toEqual([
      'M25',
      'M115',
      await reply.textContent(),
    ]);
  });
});
