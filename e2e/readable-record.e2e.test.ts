import type { Page as ListPage, MachineGroup, MachineMaintenance, TwoFactorSetup } from '@portal/contract';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, storedToken } from '../test-kit/browser-session.ts';
import { t, tEn } from '../test-kit/catalog.ts';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { api, logIn as apiLogIn } from '../test-kit/portal-api.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal({}, { demoFleet: true });

const SETTLE = { timeout: 15_000 };
const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
const LANGUAGES = { it: t, en: tEn } as const;
/** Each language and each screen size once, in pairs: what differs by size does not differ by language. */
const CASES = [
  ['it', 'desktop'],
  ['en', 'phone'],
] as const;

/** The portal's origin as the page reaches it, for the API calls a journey makes beside the browser. */
const portalOf = async (page: Page) => ({ url: new URL((await page.request.get('/readyz')).url()).origin });

/** Records maintenance done by the manager on one of their business's machines; the task's name and the note. */
async function maintenanceDone(page: Page, note: string): Promise<{ task: string }> {
  const portal = await portalOf(page);
  const manager = await apiLogIn(portal, 'manager@demo.test');
  const groups = await api<ListPage<MachineGroup>>(
    portal,
    manager,
    'GET',
    '/api/v1/machinegroup?pageSize=200',
  );
  for (const group of groups.items) {
    const plan = await api<MachineMaintenance>(
      portal,
      manager,
      'GET',
      `/api/v1/machinegroup/${group.id}/maintenance`,
    );
    const [first] = plan.tasks;
    if (!first) continue;
    await api(portal, manager, 'POST', `/api/v1/machinegroup/${group.id}/maintenance/done`, {
      task: first.task.id,
      note,
    });
    return { task: first.task.name };
  }
  throw new Error("no machine of the manager's business has a maintenance plan");
}

describe('the activity record in sentences', () => {
  it.each(CASES)(
    "reads maintenance done as a sentence, and offers a customer no administrator's actions (%s, %s)",
    async (lang, size) => {
      const tr = LANGUAGES[lang];
      const page = await open(VIEWPORTS[size]);
      await signIn(page, 'customer@demo.test', { at: null });
      const note = `e2e ${lang} ${size}`;
      const { task } = await maintenanceDone(page, note);
      await page.goto(`/${lang}/activity`);

      const sentence = page.getByTestId('activity-sentence').filter({ hasText: note });
      await sentence.first().waitFor(SETTLE);
      expect(await sentence.first().textContent()).toBe(
        lang === 'it'
          ? `Marco Manager ha segnato ${task} come eseguita: ${note}`
          : `Marco Manager marked ${task} done: ${note}`,
      );
      const row = page.getByRole('row').filter({ hasText: note });
      expect(await row.first().textContent()).toContain(tr('activity.outcome.done'));
      expect(await row.first().textContent()).not.toMatch(/#\d+|task=|note=/);

      // Only actions whose entries a customer can find: none that only administrators take.
      const kinds = await page
        .getByRole('combobox', { name: tr('activity.filters.kind') })
        .locator('option')
        .allTextContents();
      expect(kinds).toEqual(
        expect.arrayContaining([tr('activity.kinds.maintenance.done'), tr('activity.kinds.board.gcode')]),
      );
      for (const hidden of [
        'activity.kinds.settings.sessions',
        'activity.kinds.catalog.create',
        'activity.kinds.business.delete',
        'activity.kinds.twoFactor.reset',
        'activity.kinds.gatewayKey.create',
      ] as const) {
        expect(kinds).not.toContain(tr(hidden));
      }
      expect(kinds.length).toBeLessThan(30);
      await expectAccessible(page, `the activity record, ${lang}, ${size}`);
    },
  );
});

/** The code an authenticator app shows now. */
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** A wrong code: one digit of the right one changed. */
const wrongCode = (secret: string) =>
  codeOf(secret).replace(/^./, (digit) => String((Number(digit) + 5) % 10));

/** The secret of the account with two-factor sign-in on, once the first test has turned it on. */
let secret = '';

describe('a wrong two-factor code', () => {
  it.each(['it', 'en'] as const)('is said at the code field, on a desktop and a phone (%s)', async (lang) => {
    const tr = LANGUAGES[lang];
    const page = await open(VIEWPORTS.desktop);
    const portal = await portalOf(page);
    // Two-factor sign-in turned on for an account of its own (the API, as the profile's card does).
    const email = 'manager2@demo.test';
    if (!secret) {
      const session = await apiLogIn(portal, email);
      const setup = await api<TwoFactorSetup>(portal, session, 'POST', '/api/v1/two-factor/setup');
      await api(portal, session, 'POST', '/api/v1/two-factor/confirm', { code: codeOf(setup.secret) });
      secret = setup.secret;
    }

    await page.goto(`/${lang}/login`);
    await page.getByLabel(tr('login.email')).fill(email);
    await page.getByLabel(tr('login.password'), { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: tr('login.submit'), exact: true }).click();
    const field = page.getByLabel(tr('login.twoFactor.code'));
    await field.fill(wrongCode(secret));
    await page.getByRole('button', { name: tr('login.twoFactor.submit') }).click();
    const message = page.locator('#two-factor-code-error');
    await message.filter({ hasText: tr('errors.INVALID_TWO_FACTOR_CODE') }).waitFor(SETTLE);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toContain('two-factor-code-error');
    // Said once, at the field: no toast repeats it.
    expect(await page.getByTestId('toast-area').getByRole('alert').count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
    await expectAccessible(page, `a wrong two-factor code, ${lang}, desktop`);

    await page.setViewportSize(VIEWPORTS.phone);
    expect(await message.isVisible()).toBe(true);
    await expectAccessible(page, `a wrong two-factor code, ${lang}, phone`);
  });
});

describe('the theme of a first visit', () => {
  it.each(CASES)("follows the system's, until the user chooses one (%s, %s)", async (lang, size) => {
    const tr = LANGUAGES[lang];
    const theme = (page: Page) => page.locator('html').getAttribute('data-bs-theme');

    const light = await open(VIEWPORTS[size], { colorScheme: 'light' });
    await light.goto(`/${lang}/login`);
    await light.getByRole('button', { name: tr('login.submit'), exact: true }).waitFor();
    expect(await theme(light)).toBe('light');
    await expectAccessible(light, `login in the system's light theme, ${lang}, ${size}`);
    // The user's choice wins over the system's, and stays.
    await light.getByRole('switch', { name: tr('theme.dark') }).click();
    expect(await theme(light)).toBe('dark');
    await light.reload();
    await light.getByRole('button', { name: tr('login.submit'), exact: true }).waitFor();
    expect(await theme(light)).toBe('dark');

    const dark = await open(VIEWPORTS[size], { colorScheme: 'dark' });
    await dark.goto(`/${lang}/login`);
    await dark.getByRole('button', { name: tr('login.submit'), exact: true }).waitFor();
    expect(await theme(dark)).toBe('dark');
  });
});
