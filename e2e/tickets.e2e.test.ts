import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../test-kit/browser-session.ts';
import { t, tEn } from '../test-kit/catalog.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

const { open } = usePortal();

/** The toast with this text (a toast is an alert in the toast area). */
const toast = (page: Page, text: string): Locator =>
  page.getByTestId('toast-area').getByRole('alert').filter({ hasText: text });

/** The thread of the open ticket. */
const thread = (page: Page): Locator => page.getByRole('list', { name: t('tickets.thread.title') });

/** The demo ticket on Prusa linea 1: written by the customer, answered by the technician. */
const DEMO_TICKET = 'Prima stampa che si stacca dal piatto';

/** The top of each element, in the page's order of reading. */
const tops = (locators: Locator[]) =>
  Promise.all(locators.map(async (locator) => (await locator.boundingBox())?.y ?? Number.NaN));

describe('support tickets between a customer and an administrator', () => {
  it('carries a ticket from opening to an answer seen live, a CTRL+Enter reply, closing and reopening', async () => {
    const customer = await open();
    await signIn(customer, 'customer@demo.test');
    await customer
      .getByRole('link', { name: t('tickets.nav'), exact: true })
      .first()
      .click();
    await customer.waitForURL(/\/it\/tickets$/);
    // The demo tickets: open ones first.
    await customer.getByRole('cell', { name: 'Prima stampa che si stacca dal piatto' }).waitFor();
    await expectAccessible(customer, 'ticket list');

    await customer.getByRole('link', { name: t('tickets.new.title') }).click();
    await customer.waitForURL(/\/it\/tickets\/new$/);
    await customer.getByRole('button', { name: t('tickets.new.submit') }).click();
    await customer.getByText(t('validation.required')).first().waitFor();
    await expectAccessible(customer, 'new ticket form with errors');
    await customer.getByLabel(t('tickets.fields.title')).fill('Estrusore che perde filamento');
    await customer
      .getByLabel(t('tickets.fields.machine'))
      .selectOption({ label: 'Prusa linea 1 (Reparto stampa)' });
    await customer
      .getByLabel(t('tickets.fields.description'))
      .fill('Da questa mattina il filamento cola dall’ugello.');
    await customer.getByRole('button', { name: t('tickets.new.submit') }).click();
    await toast(customer, 'Ticket creato con successo').waitFor();
    await customer.waitForURL(/\/it\/tickets\/\d+$/);
    const id = Number(new URL(customer.url()).pathname.split('/').pop());
    await customer.getByRole('heading', { name: `#${id} Estrusore che perde filamento` }).waitFor();
    await customer.getByText(t('tickets.thread.empty')).waitFor();
    await expectAccessible(customer, 'ticket detail');

    const administrator = await open();
    await signIn(administrator, 'admin@demo.test', { at: `/it/tickets/${id}` });
    await administrator.getByText('Carlo Cliente').waitFor();
    await administrator
      .getByLabel(t('tickets.reply.label'))
      .fill('Controllate la temperatura dell’ugello, per favore.');
    await administrator.getByRole('button', { name: t('tickets.reply.send') }).click();
    await toast(administrator, 'Risposta creata con successo').waitFor();

    // The customer's page shows the answer without reloading: the open thread is read again by itself.
    const answer = thread(customer).getByRole('listitem').filter({ hasText: 'Controllate la temperatura' });
    await answer.waitFor();
    await answer.getByText('Alessia Amministratori').waitFor();

    const reply = customer.getByLabel(t('tickets.reply.label'));
    // An empty reply is not sent, neither by the button nor by CTRL+Enter.
    expect(await customer.getByRole('button', { name: t('tickets.reply.send') }).isDisabled()).toBe(true);
    await reply.press('Control+Enter');
    await reply.fill('La temperatura era a 190 °C, ora va bene.');
    await reply.press('Control+Enter');
    await toast(customer, 'Risposta creata con successo').waitFor();
    await thread(customer).getByRole('listitem').filter({ hasText: 'ora va bene' }).waitFor();
    expect(await reply.inputValue()).toBe('');
    expect(await thread(customer).getByRole('listitem').count()).toBe(2);
    await expectAccessible(customer, 'ticket thread');

    await customer.getByRole('button', { name: t('tickets.actions.close') }).click();
    await toast(customer, 'Ticket chiuso con successo').waitFor();
    await customer
      .getByRole('heading', { name: /Estrusore/ })
      .getByText(t('tickets.status.closed'))
      .waitFor();
    await customer.getByRole('button', { name: t('tickets.actions.reopen') }).click();
    await toast(customer, 'Ticket aperto con successo').waitFor();
    await customer
      .getByRole('heading', { name: /Estrusore/ })
      .getByText(t('tickets.status.open'))
      .waitFor();
    await customer.getByRole('button', { name: t('tickets.actions.close') }).waitFor();
    // Deleting is the administrators' alone.
    expect(await customer.getByRole('button', { name: t('common.delete') }).count()).toBe(0);
    expect(await administrator.getByRole('button', { name: t('common.delete') }).count()).toBe(1);
  });

  it('shows the counts on the dashboard and the tickets of a machine on its settings', async () => {
    const page = await open({ width: 390, height: 844 });
    await signIn(page, 'customer@demo.test');
    const counts = page.getByTestId('ticket-counts');
    await counts.waitFor();
    expect(Number(await page.getByTestId('open-tickets').textContent())).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('closed-tickets').textContent())).toBeGreaterThan(0);
    await expectAccessible(page, 'dashboard with the tickets card on a phone');

    await page.getByRole('link', { name: t('tickets.dashboard.link') }).click();
    await page.getByRole('cell', { name: 'Prima stampa che si stacca dal piatto' }).waitFor();
    // On a phone the machine stands under the title, its own column giving way.
    const title = page
      .getByRole('row')
      .filter({ hasText: 'Prima stampa che si stacca dal piatto' })
      .getByRole('cell')
      .nth(1);
    expect(await title.innerText()).toBe(
      'Prima stampa che si stacca dal piatto\nPrusa linea 1 (Reparto stampa)',
    );
    await page
      .getByRole('link', { name: /Leggi il ticket/ })
      .first()
      .click();
    await page.waitForURL(/\/it\/tickets\/\d+$/);
    await page.getByRole('link', { name: 'Prusa linea 1 (Reparto stampa)' }).click();
    await page.waitForURL(/\/it\/machines\/\d+\/settings$/);
    const related = page.getByRole('region', { name: t('tickets.related.title') });
    await related.getByRole('cell', { name: 'Prima stampa che si stacca dal piatto' }).waitFor();
    await expectAccessible(page, 'machine group settings with its tickets');
  });

  it('shows a ticket that cannot be loaded as not found, with the way back to the list', async () => {
    const page = await open();
    await signIn(page, 'customer2@demo.test', { at: '/it/tickets/1' });
    await page.getByRole('heading', { name: t('notFound.record.ticket') }).waitFor();
    await page.getByRole('link', { name: t('notFound.record.toTickets') }).click();
    await page.waitForURL(/\/it\/tickets$/);
  });

  it('lets an administrator publish news that the dashboard then shows to everyone', async () => {
    const customer = await open();
    await signIn(customer, 'customer@demo.test');
    await customer.getByTestId('ticket-counts').waitFor();
    expect(await customer.getByRole('heading', { name: t('tickets.feed.title') }).count()).toBe(0);

    const administrator = await open();
    await signIn(administrator, 'admin@demo.test');
    await administrator.getByRole('button', { name: t('tickets.feed.create') }).click();
    const dialog = administrator.getByRole('dialog', { name: t('tickets.feed.create') });
    await dialog.getByLabel(t('tickets.feed.fields.title')).fill('Manutenzione del portale');
    await dialog
      .getByLabel(t('tickets.feed.fields.content'))
      .fill('Sabato dalle 8 alle 10 il portale non sarà raggiungibile.');
    await expectAccessible(administrator, 'news dialog');
    await dialog.getByRole('button', { name: t('tickets.feed.publish'), exact: true }).click();
    await toast(administrator, 'Notizia pubblicata con successo').waitFor();
    await administrator.getByRole('heading', { name: 'Manutenzione del portale' }).waitFor();

    await customer.reload();
    await customer.getByRole('heading', { name: 'Manutenzione del portale' }).waitFor();
    await expectAccessible(customer, 'dashboard with news');

    await administrator
      .getByRole('button', { name: t('tickets.feed.deleteItem', { title: 'Manutenzione del portale' }) })
      .click();
    await toast(administrator, 'Notizia eliminata con successo').waitFor();
    await administrator
      .getByRole('heading', { name: t('tickets.feed.title') })
      .waitFor({ state: 'detached' });
  });
});

describe('a ticket read and answered where it is written', () => {
  it('puts the description first, the conversation with the reply box next, and the session request last, for staff only', async () => {
    const technician = await open({ width: 1440, height: 900 });
    await signIn(technician, 'tech@demo.test', { at: '/it/tickets' });
    // The whole row is the ticket's link: a click on its title opens it.
    await technician.getByRole('cell', { name: DEMO_TICKET }).click({ force: true });
    await technician.waitForURL(/\/it\/tickets\/\d+$/);
    const description = technician.getByRole('region', { name: t('tickets.fields.description') });
    const conversation = technician.getByRole('region', { name: t('tickets.thread.title') });
    const reply = technician.getByLabel(t('tickets.reply.label'));
    const request = technician.getByTestId('service-request-form');
    await request.waitFor();
    await thread(technician).getByRole('listitem').first().waitFor();
    const [descriptionTop, conversationTop, replyTop, requestTop] = await tops([
      description,
      conversation,
      reply,
      request,
    ]);
    expect(descriptionTop).toBeLessThan(conversationTop ?? 0);
    expect(conversationTop).toBeLessThan(replyTop ?? 0);
    expect(replyTop).toBeLessThan(requestTop ?? 0);
    // The reply box belongs to the conversation; the request's reason is far from it.
    expect(await conversation.getByLabel(t('tickets.reply.label')).count()).toBe(1);
    expect(await conversation.getByLabel(t('serviceSessions.request.reason')).count()).toBe(0);
    await description.getByRole('link', { name: 'Prusa linea 1 (Reparto stampa)' }).waitFor();
    await expectAccessible(technician, 'ticket page of a technician, 1440 px');

    // The customer who wrote it never needs a session: no remote service, no session log.
    const customer = await open({ width: 1440, height: 900 });
    await signIn(customer, 'customer@demo.test', {
      at: technician.url().replace(/^.*(\/it\/tickets)/, '$1'),
    });
    await customer.getByRole('region', { name: t('tickets.fields.description') }).waitFor();
    await thread(customer).getByRole('listitem').first().waitFor();
    expect(await customer.getByTestId('remote-service').count()).toBe(0);
    expect(await customer.getByTestId('session-log').count()).toBe(0);
    expect(await customer.getByLabel(t('serviceSessions.request.reason')).count()).toBe(0);
    await expectAccessible(customer, 'ticket page of a customer, 1440 px');
  });

  it('makes whole rows of the list tappable on a phone, in English, with nothing cut off', async () => {
    const page = await open({ width: 390, height: 844 });
    await signIn(page, 'customer@demo.test', { at: '/en/tickets' });
    const row = page.getByRole('row').filter({ hasText: DEMO_TICKET });
    await row.waitFor();
    const read = row.getByRole('link', { name: /^Read ticket \d+$/ });
    expect(await read.innerText()).toBe(tEn('tickets.read'));
    // The read link stands whole inside the screen and the list scrolls nowhere sideways.
    const box = await read.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(
      await page
        .locator('.tickets-list .table-responsive')
        .evaluate((area) => area.scrollWidth - area.clientWidth),
    ).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The machine stands under the title.
    expect(await row.getByRole('cell').nth(1).innerText()).toBe(
      `${DEMO_TICKET}\nPrusa linea 1 (Reparto stampa)`,
    );
    await expectAccessible(page, 'ticket list on a phone, English');

    // A tap on the row's title, away from the link, opens the ticket.
    const title = row.getByRole('cell').nth(1);
    const titleBox = await title.boundingBox();
    await page.mouse.click((titleBox?.x ?? 0) + 4, (titleBox?.y ?? 0) + 4);
    await page.waitForURL(/\/en\/tickets\/\d+$/);
    const description = page.getByRole('region', { name: tEn('tickets.fields.description') });
    const conversation = page.getByRole('region', { name: tEn('tickets.thread.title') });
    await page
      .getByRole('list', { name: tEn('tickets.thread.title') })
      .getByRole('listitem')
      .first()
      .waitFor();
    const [descriptionTop, conversationTop, replyTop] = await tops([
      description,
      conversation,
      page.getByLabel(tEn('tickets.reply.label')),
    ]);
    expect(descriptionTop).toBeLessThan(conversationTop ?? 0);
    expect(conversationTop).toBeLessThan(replyTop ?? 0);
    expect(await page.getByTestId('remote-service').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'ticket page on a phone, English');
  });
});
