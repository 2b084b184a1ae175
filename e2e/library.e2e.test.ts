import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../test-kit/browser-session.ts';
import { type CatalogKey, t, tEn } from '../test-kit/catalog.ts';
import { SLICED, slicedGcode } from '../test-kit/sliced-gcode.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

// The print library (docs/design.md §13): each journey works in a business of its own, so they share one portal.
const { open } = usePortal();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const EVENTUALLY = { timeout: 20_000 };

/** The second demo business (apps/server/src/demo/demo-fleet.ts), which the administrator picks on the phone. */
const OTHER_BUSINESS = 'Brenta Prototipi S.r.l.';

/** A line the customer path refuses (docs/board-access.md): turning the board's network off. */
const REFUSED_GCODE = 'G28\nM552 S0\n';

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** What the page shows under a file's name, as the screen writes the slicer's time and layer height. */
function expectedMetadata(tr: (key: CatalogKey, values?: Record<string, unknown>) => string, lang: string) {
  const hours = Math.floor(SLICED.printSeconds / 3600);
  const minutes = Math.round((SLICED.printSeconds % 3600) / 60);
  const mm = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(SLICED.layerHeightMm);
  return {
    time: tr('library.meta.time', { time: `${hours} h ${minutes} min` }),
    layer: tr('library.meta.layer', { mm }),
  };
}

/** Chooses `name` with the page's file input and uploads it into the folder shown. */
async function upload(
  page: Page,
  tr: (key: CatalogKey, values?: Record<string, unknown>) => string,
  name: string,
  content: string,
): Promise<void> {
  await page
    .getByLabel(tr('library.upload.label'))
    .setInputFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from(content) }]);
  await page.getByText(name, { exact: true }).waitFor();
  await page.getByRole('button', { name: tr('library.upload.submit'), exact: true }).click();
}

/** Whether the image with `alt` has loaded a picture. */
const thumbnailLoaded = (page: Page, alt: string) =>
  page
    .getByRole('img', { name: alt })
    .evaluate(
      (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
    );

describe('the print library', () => {
  it('keeps a folder of sliced files for a customer, in Italian on a desktop', async () => {
    const page = await open(DESKTOP);
    await signIn(page, 'customer@demo.test');
    await page.getByRole('link', { name: t('library.nav'), exact: true }).click();
    await page.getByRole('heading', { name: t('library.title'), level: 1 }).waitFor();
    await page.getByTestId('library-empty').waitFor();
    await expectAccessible(page, 'the empty library');

    // A new folder, opened from its row.
    await page.getByRole('button', { name: t('library.newFolder') }).click();
    const folderDialog = page.getByTestId('library-folder-dialog');
    await folderDialog.getByLabel(t('library.folderName')).fill('Clienti');
    await expectAccessible(page, 'the new folder dialog');
    await folderDialog.getByRole('button', { name: t('library.create') }).click();
    await folderDialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Clienti', exact: true }).click();
    await page
      .getByRole('navigation', { name: t('library.breadcrumb') })
      .getByText('Clienti', { exact: true })
      .waitFor();
    await page.getByTestId('library-empty').waitFor();

    // A sliced file: uploaded with its progress, listed with what its slicer wrote and its thumbnail.
    const name = 'Staffa_motore.gcode';
    const content = slicedGcode();
    await upload(page, t, name, content);
    const progress = page.getByTestId('library-upload-progress');
    await expect.poll(() => progress.getAttribute('aria-valuenow'), EVENTUALLY).toBe('100');
    const file = row(page, name);
    const metadata = file.getByTestId('library-metadata');
    await metadata.waitFor();
    const expected = expectedMetadata(t, 'it');
    expect(await metadata.innerText()).toContain(expected.time);
    expect(await metadata.innerText()).toContain(expected.layer);
    const alt = t('library.thumbnail', { name });
    await expect.poll(() => thumbnailLoaded(page, alt), EVENTUALLY).toBe(true);
    await expectAccessible(page, 'a folder with a sliced file');

    // Found by name from the root, with its folder.
    await page.getByRole('button', { name: t('library.root'), exact: true }).click();
    await page.getByRole('button', { name: 'Clienti', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: t('library.search') }).fill('staffa');
    await page.getByRole('table', { name: t('library.found', { search: 'staffa' }) }).waitFor();
    await page.getByText(`Clienti/${name}`, { exact: true }).waitFor();

    // Downloaded: the same bytes as uploaded.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t('library.download', { name }) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    expect((await readFile(await download.path())).toString()).toBe(content);

    // A file with a line the customer path refuses: the page says why and keeps nothing of it.
    await page.getByRole('searchbox', { name: t('library.search') }).fill('');
    await page.getByRole('button', { name: 'Clienti', exact: true }).click();
    await file.waitFor();
    await upload(page, t, 'Rete_spenta.gcode', REFUSED_GCODE);
    await page
      .getByRole('alert')
      .filter({ hasText: t('library.upload.refused') })
      .waitFor();
    // Said once, beside the upload: no toast about "this machine".
    expect(await page.getByTestId('toast-area').getByRole('alert').count()).toBe(0);
    await expectAccessible(page, 'the refused upload');
    await page.reload();
    await page.getByRole('button', { name: 'Clienti', exact: true }).click();
    await file.waitFor();
    expect(await row(page, 'Rete_spenta.gcode').count()).toBe(0);

    // Deleted after the confirmation.
    await page.getByRole('button', { name: t('library.delete', { name }) }).click();
    const confirm = page.getByRole('dialog', { name: t('library.deleteFileTitle') });
    await confirm.getByText(t('library.deleteBody', { name })).waitFor();
    await expectAccessible(page, 'the delete confirmation');
    await confirm.getByRole('button', { name: t('library.deleteConfirm'), exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByTestId('library-empty').waitFor();
  });

  it('lets the administrator keep files for a chosen business, in English on a phone', async () => {
    const page = await open(PHONE);
    await signIn(page, 'admin@demo.test', { at: '/en/library' });
    await page.getByRole('heading', { name: tEn('library.title'), level: 1 }).waitFor();
    await page.getByLabel(tEn('library.business')).selectOption({ label: OTHER_BUSINESS });
    await page.getByTestId('library-empty').waitFor();

    const name = 'Prototype_bracket_with_a_rather_long_name_for_a_phone.gcode';
    await upload(page, tEn, name, slicedGcode());
    const metadata = row(page, name).getByTestId('library-metadata');
    await metadata.waitFor();
    const expected = expectedMetadata(tEn, 'en');
    expect(await metadata.innerText()).toContain(expected.time);
    expect(await metadata.innerText()).toContain(expected.layer);
    await expect.poll(() => thumbnailLoaded(page, tEn('library.thumbnail', { name })), EVENTUALLY).toBe(true);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'the library on a phone');
  });
});
