import type { Page as ListPage, User } from '@portal/contract';
import { Role } from '@portal/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../test-kit/browser-session.ts';
import { type CatalogKey, t, tEn } from '../test-kit/catalog.ts';
import { api, logIn as apiLogIn } from '../test-kit/portal-api.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal();

/** A manager of business A that the operator's administrator creates, password and all. */
const MADE_BY_STAFF = {
  email: 'responsabile.creato@demo.test',
  name: 'Marta',
  surname: 'Messa',
  password: 'Creato-Da-Staff-1',
};
/** How long a screen may take to show what the server already answered (expect.poll waits 1 s by default). */
const SETTLE = { timeout: 10_000 };

const card = (page: Page): Locator => page.getByTestId('service-consent');
const consentSwitch = (page: Page, text: (key: CatalogKey) => string): Locator =>
  card(page).getByRole('switch', { name: text('serviceSessions.consent.required') });

/** The switch as the page shows it once the setting is read: disabled or not, and the note that says why. */
async function expectSwitch(page: Page, text: (key: CatalogKey) => string, locked: boolean): Promise<void> {
  await card(page).getByText(text('serviceSessions.consent.text')).waitFor();
  await expect.poll(() => consentSwitch(page, text).isDisabled(), SETTLE).toBe(locked);
  const note = card(page).getByTestId('service-consent-locked');
  if (locked) {
    expect(await note.textContent()).toBe(text('serviceSessions.consent.ownerUnconfirmed'));
    // A screen reader hears why with the switch itself.
    expect(await consentSwitch(page, text).getAttribute('aria-describedby')).toBe(
      await note.getAttribute('id'),
    );
  } else {
    expect(await note.count()).toBe(0);
    expect(await consentSwitch(page, text).getAttribute('aria-describedby')).toBeNull();
  }
}

describe("the consent switch of a manager's account the operator's staff set up", () => {
  it('is disabled, with the reason next to it, in Italian and in English, while the business’s own manager switches it', async () => {
    const page = await open();
    const portal = { url: new URL((await page.request.get('/readyz')).url()).origin };
    const admin = await apiLogIn(portal, 'admin@demo.test');
    const managers = await api<ListPage<User>>(portal, admin, 'GET', '/api/v1/users?q=manager%40demo.test');
    const business = managers.items.find((user) => user.email === 'manager@demo.test')?.business;
    if (business === undefined) throw new Error('no manager@demo.test');
    // The administrator is the operator's staff: the account and its password are theirs, not the business's.
    await api<User>(portal, admin, 'POST', '/api/v1/users', {
      business,
      ...MADE_BY_STAFF,
      role: Role.Manager,
      enabled: true,
    });

    await signIn(page, MADE_BY_STAFF.email, {
      password: MADE_BY_STAFF.password,
      at: `/it/business/${business}`,
    });
    await expectSwitch(page, t, true);
    await expectAccessible(page, 'consent switch locked (it)');

    await page.goto(`/en/business/${business}`);
    await expectSwitch(page, tEn, true);
    await expectAccessible(page, 'consent switch locked (en)');

    // The business's own manager, on the same page, has the switch to hand.
    const own = await open();
    await signIn(own, 'manager@demo.test', { at: `/it/business/${business}` });
    await expectSwitch(own, t, false);
  });
});
