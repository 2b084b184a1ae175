import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, storedToken } from '../test-kit/browser-session.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal({}, { demoFleet: true });

/** The id of the machine group the user sees by that name. */
async function groupId(page: Page, name: string): Promise<number> {
  const token = await storedToken(page);
  const groups = await page.evaluate(
    async ({ name, token }) => {
      const response = await fetch(`/api/v1/machinegroup?pageSize=200&q=${encodeURIComponent(name)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return (await response.json()) as { items: { id: number; name: string }[] };
    },
    { name, token },
  );
  const group = groups.items.find((item) => item.name === name);
  if (!group) throw new Error(`no machine group named ${name}`);
  return group.id;
}

/** What a slicer gets from the token URL: its status and body. */
const slicerConnect = (page: Page, url: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(`${url}rr_connect?password=reprap`);
    return { status: response.status, body: await response.text() };
  }, url);

/** The token form's texts in each language the destination test uses. */
const TEXTS = {
  it: {
    section: 'Accesso esterno',
    acks: [
      'Capisco che il token dà accesso a questa macchina',
      'Conserverò il token in modo sicuro, perché non viene conservato',
      'Capisco che creare un token invalida quelli precedenti',
    ],
    create: 'Genera token',
    dialog: 'Il tuo token',
    duet: 'URL per PrusaSlicer e Cura (stampante Duet)',
  },
  en: {
    section: 'External access',
    acks: [
      'I understand that the token grants access to this machine',
      'I will store the token safely, because it is not kept',
      'I understand that creating a token invalidates the earlier ones',
    ],
    create: 'Generate token',
    dialog: 'Your token',
    duet: 'URL for PrusaSlicer and Cura (Duet printer)',
  },
} as const;

/** Languages × viewports, pairwise: a library token on an Italian desktop, a queue token on an English phone. */
const DESTINATION_SCREENS = [
  {
    name: 'a library token, desktop, Italian',
    lang: 'it',
    viewport: { width: 1440, height: 900 },
    choose: 'Alla libreria di stampa',
    target: null,
    segment: 'library',
    lands:
      'I caricamenti vanno nella libreria di stampa, cartella dal-slicer. Caricamento e stampa mette anche il file in coda su questa macchina.',
  },
  {
    name: 'a queue token, phone, English',
    lang: 'en',
    viewport: { width: 390, height: 844 },
    choose: 'To the print queue (kept in the library and queued)',
    target: { label: 'Queue on', option: 'machineType' },
    segment: 'queue',
    lands:
      "Uploads go to the print library, folder dal-slicer, and are queued on any machine of this machine's type.",
  },
] as const;

/** The instructions for a library token's URL, pairwise: Italian on a desktop, English on a phone. */
const INSTRUCTION_SCREENS = [
  {
    name: 'desktop, Italian',
    lang: 'it',
    viewport: { width: 1440, height: 900 },
    choose: 'Alla libreria di stampa',
    open: 'Istruzioni per lo slicer',
    title: 'Configura il tuo slicer',
    url: 'URL Duet per PrusaSlicer e Cura con le scelte fatte sopra (la finestra del token lo mostra con il token)',
    token: 'IL-TUO-TOKEN',
    lands:
      'I file vanno nella libreria di stampa, cartella dal-slicer (una cartella indicata dallo slicer va al suo interno). Stampare dallo slicer mette anche il file in coda su questa macchina. Lì non si simula nulla: lo slicer mostra un rifiuto.',
    sameName:
      'Un file inviato di nuovo con lo stesso nome sostituisce quello nella libreria, a meno che lo usi un lavoro in coda non ancora concluso: allora lo slicer mostra un rifiuto.',
    prusaStep: 'Scegli Duet come tipo di host.',
    slicerField: 'Programma di slicing',
    curaStep: 'Installa il plugin DuetRRF dal Marketplace di Cura e riavvia Cura.',
  },
  {
    name: 'phone, English',
    lang: 'en',
    viewport: { width: 390, height: 844 },
    choose: 'To the print library',
    open: 'Slicer instructions',
    title: 'Set up your slicer',
    url: 'Duet URL for PrusaSlicer and Cura with the choices above (the token dialog shows it with the token)',
    token: 'YOUR-TOKEN',
    lands:
      'Files go to the print library, folder dal-slicer (a folder the slicer names goes inside it). Printing from the slicer also queues the file on this machine. Nothing is simulated there: the slicer shows a refusal.',
    sameName:
      'A file sent again with the same name replaces the one in the library, unless a queued job that has not finished uses it: then the slicer shows a refusal.',
    prusaStep: 'Choose Duet as the host type.',
    slicerField: 'Slicing program',
    curaStep: 'Install the DuetRRF plugin from the Cura Marketplace and restart Cura.',
  },
] as const;

describe('external access for slicers', () => {
  for (const screen of DESTINATION_SCREENS) {
    it(`sends uploads elsewhere than the machine: ${screen.name}`, async () => {
      const texts = TEXTS[screen.lang];
      const page = await open(screen.viewport);
      await signIn(page, 'customer@demo.test', { at: null });
      await page.goto(`/${screen.lang}/machines/${await groupId(page, 'Prusa linea 2')}/settings`);
      const section = page.getByRole('region', { name: texts.section });
      for (const ack of texts.acks) await section.getByLabel(ack).check();
      await section.getByLabel(screen.choose).check();
      const folder = section.locator('#destination-folder');
      await folder.fill('../x');
      expect(await section.getByRole('button', { name: texts.create }).isDisabled()).toBe(true);
      await folder.fill('dal-slicer');
      if (screen.target) await section.getByLabel(screen.target.label).selectOption(screen.target.option);
      await expectAccessible(page, `token destination (${screen.name})`);
      await section.getByRole('button', { name: texts.create }).click();

      const dialog = page.getByRole('dialog', { name: texts.dialog });
      await dialog.getByText(screen.lands, { exact: true }).waitFor();
      const url = await dialog.getByLabel(texts.duet).inputValue();
      expect(url).toMatch(new RegExp(`/customer/api/v1/duet/\\d+/${screen.segment}/[^/]+/$`));
      // PrusaSlicer's Duet sequence against that URL: the file lands, with no board behind it.
      expect(JSON.parse((await slicerConnect(page, url)).body)).toMatchObject({ err: 0 });
      const uploaded = await page.evaluate(
        async ({ url, name }) => {
          const response = await fetch(`${url}rr_upload?name=0:/gcodes/${name}`, {
            method: 'POST',
            body: 'G28\nG1 X10 Y10\n',
          });
          return { status: response.status, body: await response.text() };
        },
        { url, name: `from-${screen.segment}.gcode` },
      );
      expect(uploaded, uploaded.body).toMatchObject({ status: 200 });
      expect(JSON.parse(uploaded.body)).toEqual({ err: 0 });
    });
  }

  for (const screen of INSTRUCTION_SCREENS) {
    it(`shows the slicer instructions for a library destination: ${screen.name}`, async () => {
      const texts = TEXTS[screen.lang];
      const page = await open(screen.viewport);
      await signIn(page, 'customer@demo.test', { at: null });
      await page.goto(`/${screen.lang}/machines/${await groupId(page, 'Prusa linea 2')}/settings`);
      const section = page.getByRole('region', { name: texts.section });
      await section.getByLabel(screen.choose).check();
      await section.locator('#destination-folder').fill('dal-slicer');
      await section.getByRole('button', { name: screen.open }).click();

      const instructions = page.getByRole('dialog', { name: screen.title });
      const url = await instructions.getByLabel(screen.url).inputValue();
      expect(url).toMatch(new RegExp(`^https?://[^/]+/customer/api/v1/duet/\\d+/library/${screen.token}/$`));
      await instructions.getByText(screen.lands, { exact: true }).waitFor();
      await instructions.getByText(screen.sameName, { exact: true }).waitFor();
      await instructions.getByText(screen.prusaStep, { exact: true }).waitFor();
      await expectAccessible(page, `slicer instructions, library (${screen.name})`);
      await instructions.getByLabel(screen.slicerField).selectOption('cura');
      await instructions.getByText(screen.curaStep, { exact: true }).waitFor();
      // The destination's words stay, whichever slicer is chosen.
      await instructions.getByText(screen.lands, { exact: true }).waitFor();
    });
  }

  it('creates a token, copies its URL, shows the instructions and revokes every token', async () => {
    const page = await open();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'customer@demo.test', { at: null });
    await page.goto(`/en/machines/${await groupId(page, 'Prusa linea 1')}/settings`);
    const section = page.getByRole('region', { name: 'External access' });
    await section.waitFor();
    await expect(page.getByRole('link', { name: 'Back to machines' }).getAttribute('href')).resolves.toBe(
      '/en/machines',
    );
    const create = section.getByRole('button', { name: 'Generate token' });
    expect(await create.isDisabled()).toBe(true);
    await section.getByText('You should accept all the terms before generating a token').waitFor();
    expect(await section.getByLabel('Full control').count()).toBe(0);
    await section.getByText('The token expires six months after generation.', { exact: false }).waitFor();
    await expectAccessible(page, 'external access');

    await section.getByLabel('I understand that the token grants access to this machine').check();
    await section.getByLabel('I will store the token safely, because it is not kept').check();
    await section.getByLabel('I understand that creating a token invalidates the earlier ones').check();
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Your token' });
    const duetUrl = dialog.getByLabel('URL for PrusaSlicer and Cura (Duet printer)');
    await duetUrl.waitFor();
    const url = await duetUrl.inputValue();
    expect(url).toMatch(/\/customer\/api\/v1\/duet\/\d+\/upload\/[^/]+\/$/);
    await expectAccessible(page, 'token URL dialog');
    await dialog.getByRole('button', { name: 'Copy' }).first().click();
    await page.getByTestId('toast-area').getByText('Token copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const connected = await slicerConnect(page, url);
    expect(connected.status).toBe(200);
    expect(JSON.parse(connected.body)).toMatchObject({ err: 0 });
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    await section.getByRole('button', { name: 'Slicer instructions' }).click();
    const instructions = page.getByRole('dialog', { name: 'Set up your slicer' });
    expect(await instructions.getByLabel('Slicing program').inputValue()).toBe('prusaSlicer');
    await instructions.getByText('Choose Duet as the host type.').waitFor();
    await instructions.getByLabel('Slicing program').selectOption('cura');
    await instructions.getByText('Install the DuetRRF plugin', { exact: false }).waitFor();
    await expectAccessible(page, 'slicer instructions');
    await instructions.getByRole('button', { name: 'Close' }).last().click();

    await section.getByRole('button', { name: 'Revoke all tokens' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke all tokens' })
      .getByRole('button', { name: 'Revoke', exact: true })
      .click();
    await page.getByTestId('toast-area').getByText('All token revoked successfully').waitFor();
    expect((await slicerConnect(page, url)).status).toBe(401);
  });

  it("shows 'Invalid token type' in place of the slicer URL for an access level the app does not know", async () => {
    const page = await open();
    await signIn(page, 'customer@demo.test');
    // The portal's answer, with a level no release of this app knows.
    await page.route('**/api/v1/customer/printer/duet/*/token', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), level: 'print_only' } });
    });
    await page.goto(`/en/machines/${await groupId(page, 'Prusa linea 1')}/settings`);
    const section = page.getByRole('region', { name: 'External access' });
    await section.getByLabel('I understand that the token grants access to this machine').check();
    await section.getByLabel('I will store the token safely, because it is not kept').check();
    await section.getByLabel('I understand that creating a token invalidates the earlier ones').check();
    await section.getByRole('button', { name: 'Generate token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your token' });
    await dialog.getByText('Invalid token type', { exact: true }).waitFor();
    expect(await dialog.getByLabel('URL for PrusaSlicer and Cura (Duet printer)').count()).toBe(0);
    expect(await dialog.getByLabel('API key for the OctoPrint connection').count()).toBe(1);
  });
});
