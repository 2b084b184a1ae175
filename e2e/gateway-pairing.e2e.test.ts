import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startBoard } from '@portal/board-sim';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pairGateway, startGateway } from '../apps/gateway/src/index.ts';
import { signIn, storedToken } from '../test-kit/browser-session.ts';
import { type CatalogKey, t, tEn } from '../test-kit/catalog.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

// Stand-ins with the packages' names, as the API tests use: the page lists and downloads them.
const { open } = usePortal({
  GATEWAY_PACKAGES: fileURLToPath(new URL('../apps/server/src/test/gateway-packages', import.meta.url)),
});

interface Named {
  id: number;
  name: string;
}

async function controllerNamed(page: Page, name: string): Promise<number> {
  const token = await storedToken(page);
  const list = await page.evaluate(
    async (token) =>
      (await fetch('/api/v1/controller/computer?pageSize=200', {
        headers: { Authorization: `Bearer ${token}` },
      }).then((response) => response.json())) as { items: Named[] },
    token,
  );
  const found = list.items.find((item) => item.name === name);
  if (!found) throw new Error(`no demo controller ${name}`);
  return found.id;
}

const JOURNEYS = [
  { language: 'it', tr: t, viewport: { width: 1280, height: 800 }, controller: 'Gateway OA di scorta' },
  { language: 'en', tr: tEn, viewport: { width: 390, height: 844 }, controller: 'Magazzino' },
] as const;

describe('pairing a gateway with a code', () => {
  for (const { language, tr, viewport, controller } of JOURNEYS) {
    it(`an administrator enters the gateway's code and sees the machine come online (${language}, ${viewport.width} px)`, async () => {
      const text = (key: CatalogKey, values?: Record<string, unknown>) => tr(key, values);
      const page = await open(viewport);
      await signIn(page, 'admin@demo.test', { at: null });
      const id = await controllerNamed(page, controller);
      const portalUrl = await page.evaluate(() => window.location.origin);

      // A gateway installed without a key: it asks for a code and waits for it to be claimed.
      const codes: string[] = [];
      const stopped = new AbortController();
      const pairing = pairGateway({
        server: portalUrl,
        version: '0.1.0',
        pollMs: 300,
        signal: stopped.signal,
        onCode: ({ code }) => codes.push(code),
      });
      pairing.catch(() => undefined);
      const board = await startBoard();
      let gateway: ReturnType<typeof startGateway> | undefined;
      try {
        await page.goto(`/${language}/settings/computer-controller/${id}`);
        const card = page.getByRole('region', { name: text('hardware.controllers.pairing.title') });
        await card.waitFor();

        // The packages with the commands that install them, the pairing and the check.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          card.getByRole('button', { name: 'portal-gateway_0.1.0_all.deb' }).click(),
        ]);
        expect(await readFile(await download.path(), 'utf8')).toBe('a stand-in for the Debian package\n');
        expect(
          await card
            .getByLabel(
              text('hardware.controllers.packages.commands', { file: 'portal-gateway_0.1.0_all.deb' }),
            )
            .inputValue(),
        ).toBe('sudo apt install ./portal-gateway_0.1.0_all.deb');
        expect(await card.getByLabel(text('hardware.controllers.pairing.pairCommand')).inputValue()).toBe(
          `sudo portal-gateway --pair --server ${portalUrl}`,
        );
        expect(
          await card.getByLabel(text('hardware.controllers.pairing.checkCommand')).inputValue(),
        ).toContain('portal-gateway --check');
        // Every command whole in its box, on a phone too, where the long ones wrap.
        const hidden = await card
          .locator('textarea')
          .evaluateAll((boxes) => boxes.filter((box) => box.scrollHeight > box.clientHeight + 1).length);
        expect(hidden).toBe(0);
        await expectAccessible(page, `pairing card (${language})`);

        // A mistyped code is said beside its field.
        await card.getByLabel(text('hardware.controllers.pairing.code')).fill('ZZZZ-ZZZ2');
        await card.getByLabel(text('hardware.controllers.pairing.board')).fill(board.url);
        await card.getByRole('button', { name: text('hardware.controllers.pairing.submit') }).click();
        await card.getByText(text('hardware.controllers.pairing.unknownCode')).waitFor();

        await expect.poll(() => codes.length).toBeGreaterThan(0);
        await card.getByLabel(text('hardware.controllers.pairing.code')).fill(codes.at(-1) ?? '');
        await card.getByLabel(text('hardware.controllers.pairing.board')).fill(board.url);
        await card.getByRole('button', { name: text('hardware.controllers.pairing.submit') }).click();
        await card.getByText(text('hardware.controllers.pairing.waiting')).waitFor();

        // The gateway learns its controller and board, and connects with the key it made itself.
        const paired = await pairing;
        expect(paired).toMatchObject({ controller: id, board: board.url, webcam: null });
        gateway = startGateway({
          server: portalUrl,
          controller: paired.controller,
          key: paired.key,
          board: paired.board,
        });
        await card.getByText(text('hardware.controllers.pairing.connected')).waitFor({ timeout: 20_000 });
        await expect
          .poll(() => page.getByTestId('gateway-presence').innerText(), { timeout: 20_000 })
          .toBe(text('hardware.controllers.presence.connected'));
        await expectAccessible(page, `paired gateway (${language})`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'the page fits the screen').toBeLessThanOrEqual(0);
      } finally {
        stopped.abort(new Error('test over'));
        await gateway?.close();
        await board.close();
      }
    });
  }
});
