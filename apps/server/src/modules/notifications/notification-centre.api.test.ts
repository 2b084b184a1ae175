import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { NotificationList, NotificationPreferences } from '@portal/contract';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { beforeEach, describe, expect, it } from 'vitest';
import { notificationPreferences, notifications, users } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';
import { TEST_CONFIG } from '../../test/test-config.ts';

const t = useTestApp();
const demo = demoClient(t);
beforeEach(async () => {
  await t.modules.notifications.notifier.idle();
  await t.database.db.delete(notifications);
  await t.database.db.delete(notificationPreferences);
  await t.database.db.update(users).set({ ticketNotifications: true, machineNotifications: true });
  for (const file of await readdir(t.outbox)) await rm(path.join(t.outbox, file));
});

async function bell(email: string): Promise<NotificationList> {
  await t.modules.notifications.notifier.idle();
  const response = await demo.call(email, 'GET', '/api/v1/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The mails to `address` in the outbox, as a person reads them. */
async function mailsTo(address: string) {
  await t.modules.notifications.notifier.idle();
  const files = (await readdir(t.outbox)).filter((file) => file.endsWith('.eml')).sort();
  const mails = await Promise.all(
    files.map(async (file) => PostalMime.parse(await readFile(path.join(t.outbox, file)))),
  );
  return mails
    .filter((mail) => (mail.to ?? []).some((to) => 'address' in to && to.address === address))
    .map((mail) => ({ subject: mail.subject ?? '', text: mail.text ?? '' }));
}

async function newTicket(author: string, group = 'Prusa linea 1'): Promise<number> {
  const machine = (await demo.group(group)).id;
  const response = await demo.call(author, 'POST', '/api/v1/tickets', {
    title: 'Ugello intasato',
    content: 'Non estrude più.',
    machine,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe('the bell', () => {
  it('tells a new ticket to the staff who handle it, and an answer to the other party only', async () => {
    const id = await newTicket('customer@demo.test');
    const admin = await bell('admin@demo.test');
    expect(admin.unread).toBe(1);
    expect(admin.items[0]).toMatchObject({
      event: 'ticketCreated',
      ticketId: id,
      subject: 'Ugello intasato',
    });
    // Nobody of another business, nor the author, hears of it.
    for (const email of ['customer@demo.test', 'manager2@demo.test', 'customer2@demo.test']) {
      expect((await bell(email)).items).toEqual([]);
    }

    await demo.call('admin@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, { content: 'Visto.' });
    const customer = await bell('customer@demo.test');
    expect(customer.unread).toBe(1);
    expect(customer.items[0]).toMatchObject({ event: 'ticketAnswered', ticketId: id, read: false });
    expect((await bell('admin@demo.test')).unread).toBe(1);
    expect((await bell('customer2@demo.test')).items).toEqual([]);
  });

  it('marks one read, then all; another user’s notification is 404', async () => {
    const id = await newTicket('customer@demo.test');
    await demo.call('admin@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, { content: 'Uno.' });
    await demo.call('admin@demo.test', 'PUT', `/api/v1/tickets/${id}`, { is_open: false });
    const before = await bell('customer@demo.test');
    expect(before.unread).toBe(2);
    const [first] = before.items;
    if (!first) throw new Error('no notification');

    expect(
      (await demo.call('customer2@demo.test', 'POST', `/api/v1/notifications/${first.id}/read`)).statusCode,
    ).toBe(404);
    expect(
      (await demo.call('admin@demo.test', 'POST', `/api/v1/notifications/${first.id}/read`)).statusCode,
    ).toBe(404);
    expect(
      (await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/999999/read')).statusCode,
    ).toBe(404);
    expect((await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/abc/read')).statusCode).toBe(
      400,
    );
    expect((await demo.call(null, 'POST', `/api/v1/notifications/${first.id}/read`)).statusCode).toBe(401);

    expect(
      (await demo.call('customer@demo.test', 'POST', `/api/v1/notifications/${first.id}/read`)).statusCode,
    ).toBe(204);
    const after = await bell('customer@demo.test');
    expect(after.unread).toBe(1);
    expect(after.items.find((item) => item.id === first.id)?.read).toBe(true);

    expect((await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/read-all')).statusCode).toBe(
      204,
    );
    expect((await bell('customer@demo.test')).unread).toBe(0);
  });

  it('needs a session', async () => {
    expect((await demo.call(null, 'GET', '/api/v1/notifications')).statusCode).toBe(401);
    expect((await demo.call(null, 'GET', '/api/v1/notifications/preferences')).statusCode).toBe(401);
    expect((await demo.call(null, 'POST', '/api/v1/notifications/read-all')).statusCode).toBe(401);
    expect((await demo.call('customer@demo.test', 'GET', '/api/v1/notifications?limit=0')).statusCode).toBe(
      400,
    );
  });
});

describe('preferences', () => {
  it('start from the defaults, push following the older switches', async () => {
    await t.database.db
      .update(users)
      .set({ machineNotifications: false })
      .where(eq(users.email, 'tech@demo.test'));
    const response = await demo.call('tech@demo.test', 'GET', '/api/v1/notifications/preferences');
    expect(response.statusCode).toBe(200);
    const preferences = response.json() as NotificationPreferences;
    expect(preferences.ticketAnswered).toEqual({ inApp: true, mail: true, push: true });
    expect(preferences.jobFinished).toEqual({ inApp: true, mail: false, push: false });
    expect(preferences.halted).toEqual({ inApp: true, mail: true, push: false });
  });

  it('are the caller’s own, changed kind by kind; bad input is 400', async () => {
    const put = (email: string, body: object) =>
      demo.call(email, 'PUT', '/api/v1/notifications/preferences', body);
    const changed = await put('customer@demo.test', {
      preferences: { ticketAnswered: { inApp: false, mail: false, push: true } },
      language: 'en',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().ticketAnswered).toEqual({ inApp: false, mail: false, push: true });
    expect(changed.json().ticketClosed).toEqual({ inApp: true, mail: true, push: true });
    // Another user's choices are untouched.
    const other = await demo.call('customer2@demo.test', 'GET', '/api/v1/notifications/preferences');
    expect(other.json().ticketAnswered).toEqual({ inApp: true, mail: true, push: true });

    expect((await put('customer@demo.test', { preferences: { nope: { inApp: true } } })).statusCode).toBe(
      400,
    );
    expect(
      (await put('customer@demo.test', { preferences: { halted: { inApp: 'yes', mail: true, push: true } } }))
        .statusCode,
    ).toBe(400);
    expect((await put('customer@demo.test', { preferences: {}, language: 'de' })).statusCode).toBe(400);
  });

  it('decide the channels: the bell off hides it, mail goes in the chosen language', async () => {
    await demo.call('customer@demo.test', 'PUT', '/api/v1/notifications/preferences', {
      preferences: { ticketAnswered: { inApp: false, mail: true, push: false } },
      language: 'en',
    });
    const id = await newTicket('customer@demo.test');
    await demo.call('admin@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, { content: 'Visto.' });
    expect((await bell('customer@demo.test')).items).toEqual([]);
    const [mail, ...more] = await mailsTo('customer@demo.test');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`New answer to ticket #${id}: Ugello intasato`);
    expect(mail?.text).toContain(`${TEST_CONFIG.publicUrl.replace(/\/$/, '')}/en/tickets/${id}`);
    // The administrator got the new ticket by mail, in Italian (no language known).
    expect((await mailsTo('admin@demo.test')).map((each) => each.subject)).toEqual([
      `Nuovo ticket #${id}: Ugello intasato`,
    ]);
  });
});

describe('machine events', () => {
  async function transition(type: 'jobFailed' | 'halted' | 'jobFinished', group = 'Prusa linea 1') {
    const { id, computerControllerId } = await demo.group(group);
    t.modules.liveStatus.events.emit({
      type,
      controllerId: computerControllerId ?? 0,
      machineGroupId: id,
      at: t.clock.now().toISOString(),
      fileName: type === 'halted' ? null : '0:/gcodes/staffa.gcode',
    });
    return id;
  }

  it("reach the group's users only, mailed by default for a failed job (without a camera, no picture)", async () => {
    const machineId = await transition('jobFailed');
    const customer = await bell('customer@demo.test');
    expect(customer.items[0]).toMatchObject({
      event: 'jobFailed',
      machineId,
      detail: '0:/gcodes/staffa.gcode',
    });
    expect((await bell('tech@demo.test')).unread).toBe(1);
    expect((await bell('customer2@demo.test')).items).toEqual([]);
    expect((await bell('manager2@demo.test')).items).toEqual([]);
    const [mail] = await mailsTo('customer@demo.test');
    expect(mail?.subject).toBe('Prusa linea 1: Lavorazione annullata: 0:/gcodes/staffa.gcode');
  });

  it('a finished job is in the bell but not mailed by default', async () => {
    t.clock.advance(10 * 60_000);
    await transition('jobFinished');
    expect((await bell('customer@demo.test')).items[0]?.event).toBe('jobFinished');
    expect(await mailsTo('customer@demo.test')).toEqual([]);
  });
});

describe('licences expiring', () => {
  it("reach the business's managers and the operator's administrators, once per licence", async () => {
    await t.modules.notifications.notifier.licencesExpiring();
    await t.modules.notifications.notifier.licencesExpiring();
    const business = await demo.businessId('A');
    const manager = (await bell('manager@demo.test')).items.filter(
      (item) => item.event === 'licenceExpiring',
    );
    expect(manager).toHaveLength(1);
    expect(manager[0]).toMatchObject({ businessId: business, subject: 'Officine Adriatiche S.p.A.' });
    const admin = (await bell('admin@demo.test')).items.filter((item) => item.event === 'licenceExpiring');
    expect(admin.map((item) => item.businessId)).toContain(business);
    expect((await bell('customer@demo.test')).items).toEqual([]);
    expect((await bell('manager2@demo.test')).items.map((item) => item.businessId)).not.toContain(business);
    const [mail, ...more] = await mailsTo('manager@demo.test');
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Licenza in scadenza: Officine Adriatiche S.p.A.');
  });
});
