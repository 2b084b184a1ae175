import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ownUserId, signIn } from '../test-kit/browser-session.ts';
import { t, tEn } from '../test-kit/catalog.ts';
import { DEMO_PASSWORD } from '../test-kit/demo.ts';
import { expectAccessible } from './support/a11y.ts';
import { waitForMail } from './support/outbox.ts';
import { usePortal } from './support/suite.ts';

const { open, dataDir } = usePortal();

const bell = (page: Page) => page.getByTestId('notification-bell');
const count = (page: Page) => page.getByTestId('notification-count');

/** Opens a ticket as `customer` through the API (the page's session is not needed); `answerer` answers it twice. */
async function ticketAnsweredFor(
  page: Page,
  customer: string,
  answerer: string,
  title: string,
): Promise<number> {
  const token = async (email: string) =>
    (await (await page.request.post('/api/v1/auth', { data: { email, password: DEMO_PASSWORD } })).json())
      .access_token as string;
  const customerToken = await token(customer);
  const groups = await page.request.get('/api/v1/machinegroup?pageSize=200', {
    headers: { authorization: `Bearer ${customerToken}` },
  });
  const group = (await groups.json()).items.find((each: { name: string }) => each.name === 'Prusa linea 1');
  const created = await page.request.post('/api/v1/tickets', {
    headers: { authorization: `Bearer ${customerToken}` },
    data: { title, content: 'Il piatto non scalda.', machine: group.id },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  const answererToken = await token(answerer);
  for (const content of ['Controllo subito.', 'Arrivo nel pomeriggio.']) {
    const answered = await page.request.post(`/api/v1/tickets/${id}/answers`, {
      headers: { authorization: `Bearer ${answererToken}` },
      data: { content },
    });
    expect(answered.status()).toBe(201);
  }
  return id;
}

describe('the notification bell', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`counts an answer, opens its ticket and marks it read (${viewport.width}x${viewport.height})`, async () => {
      const page = await open(viewport);
      await signIn(page, 'customer@demo.test');
      const title = `Piatto freddo ${viewport.width}`;
      const id = await ticketAnsweredFor(page, 'customer@demo.test', 'admin@demo.test', title);
      await page.reload();
      await count(page).waitFor();
      const unread = Number(await count(page).textContent());
      expect(unread).toBeGreaterThanOrEqual(2);
      await expect(bell(page).getAttribute('aria-expanded')).resolves.toBe('false');
      await bell(page).click();
      const item = page.getByTestId('notification-item').filter({ hasText: title }).first();
      await item.getByText(t('notifications.events.ticketAnswered')).waitFor();
      // The list stands whole on the screen, on a phone too, where the bell is not at the screen's edge.
      const list = await page.locator('#notification-list').boundingBox();
      expect(list?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((list?.x ?? 0) + (list?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
      // When it happened, as every date and time of the app reads in Italian (lib/format.ts).
      expect(await item.locator('time').innerText()).toMatch(/^\d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2}$/);
      await expectAccessible(page, `notification list ${viewport.width}`);

      await item.getByRole('link').click();
      await page.waitForURL(new RegExp(`/it/tickets/${id}$`));
      await page.waitForFunction((before) => {
        const badge = document.querySelector('[data-testid="notification-count"]');
        return Number(badge?.textContent ?? 0) === before - 1;
      }, unread);

      // Mark all read clears the count.
      await bell(page).click();
      await page.getByRole('button', { name: t('notifications.markAllRead') }).click();
      await count(page).waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await expect(bell(page).getAttribute('aria-expanded')).resolves.toBe('false');
    });
  }

  it('speaks English on the English pages', async () => {
    const page = await open();
    await signIn(page, 'customer@demo.test');
    await ticketAnsweredFor(page, 'customer@demo.test', 'admin@demo.test', 'Cold bed');
    await page.goto('/en/tickets');
    await bell(page).click();
    const item = page.getByTestId('notification-item').filter({ hasText: 'Cold bed' }).first();
    await item.getByText(tEn('notifications.events.ticketAnswered')).waitFor();
    expect(await item.locator('time').innerText()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/,
    );
    await page.getByRole('heading', { name: tEn('notifications.title') }).waitFor();
    await expectAccessible(page, 'notification list in English');
  });
});

describe('the notification channels', () => {
  it('are chosen per kind on the preferences tab and decide the mail', async () => {
    const page = await open({ width: 1440, height: 900 });
    await signIn(page, 'admin@demo.test');
    const id = await ownUserId(page);
    await page.goto(`/en/settings/users/${id}#preferences`);
    const table = page.getByTestId('notification-preferences');
    await table.waitFor();
    await page.getByRole('heading', { name: tEn('notifications.preferences.title') }).waitFor();
    await expectAccessible(page, 'notification channels in English');

    // Mail of new tickets is on by default; turning "In app" off for them is saved at once.
    const inApp = page.getByRole('switch', {
      name: `${tEn('notifications.kinds.ticketCreated')}: ${tEn('notifications.channels.inApp')}`,
    });
    await expect(inApp.isChecked()).resolves.toBe(true);
    await inApp.click();
    await page.waitForFunction(
      (selector) => !(document.getElementById(selector) as HTMLInputElement | null)?.disabled,
      'notify-ticketCreated-inApp',
    );
    await page.reload();
    await table.waitFor();
    await expect(inApp.isChecked()).resolves.toBe(false);

    // The language of the page the table was saved on writes the mails.
    const ticket = await ticketAnsweredFor(page, 'customer@demo.test', 'tech@demo.test', 'Mail in English');
    const subject = `New ticket #${ticket}: Mail in English`;
    const mail = await waitForMail(dataDir(), 'admin@demo.test', 15_000, subject);
    expect(mail.link.pathname).toBe(`/en/tickets/${ticket}`);

    await page.goto(`/it/settings/users/${id}#preferences`);
    await page.getByRole('heading', { name: t('notifications.preferences.title') }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'notification channels on a phone');
  });
});
