import type { PushMessage } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';
import {
  type BrowserKeys,
  type LocalPushService,
  newBrowserKeys,
  startLocalPushService,
  verifyVapid,
} from '../../test/push-service.ts';
// Without the portal's own checks, the system resolver would take push.localhost to the local push service.
import '../../../../../test-kit/localhost-names.ts';
import type { MachineTransitionType } from '../live-status/machine-events.ts';

/**
 * A name that answers a public address to its first `publicAnswers` look-ups, then this machine's (DNS rebinding):
 * the portal must connect only to an address it checked as it connects.
 */
const rebinding = { name: 'push.localhost', publicAnswers: 0 };
const resolve = async (hostname: string) => {
  if (hostname !== rebinding.name) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  const address = rebinding.publicAnswers-- > 0 ? '93.184.215.14' : '127.0.0.1';
  return [{ address, family: 4 }];
};

let push: LocalPushService;
let vapidPublicKey: string;

beforeAll(async () => {
  push = await startLocalPushService();
});
afterAll(async () => {
  await push.close();
});
// Its certificate is trusted, and its loopback address allowed, as a self-hosted service's would be.
const t = useTestApp(() => ({
  push: { extraCa: push.ca, subject: 'mailto:ops@portal.test', privateHosts: ['127.0.0.1'], resolve },
}));
const demo = demoClient(t);
beforeAll(async () => {
  vapidPublicKey = (
    await demo.call('admin@demo.test', 'GET', '/api/v1/notifications/vapid-public-key')
  ).json().publicKey;
});

/** Every user starts each test with both notification preferences on and no subscription. */
beforeEach(async () => {
  await t.database.db.update(users).set({ ticketNotifications: true, machineNotifications: true });
  await t.database.db.delete(pushSubscriptions);
});

/** A browser of `email` subscribed through the API, with keys only the test holds. */
async function subscribe(email: string, { language = 'it', status = 201 } = {}) {
  const browser = newBrowserKeys();
  const endpoint = push.endpoint(status);
  const response = await demo.call(email, 'POST', '/api/v1/notifications/subscribe', {
    endpoint,
    expirationTime: null,
    keys: browser.keys,
    language,
  });
  expect(response.statusCode).toBe(204);
  return { endpoint, browser };
}

/** What arrived at `endpoint` once every notification started so far is done, decrypted. */
async function messagesAt(endpoint: string, browser: BrowserKeys): Promise<PushMessage[]> {
  await t.modules.notifications.notifier.idle();
  return push.received
    .filter((each) => `${push.origin}${each.path}` === endpoint)
    .map((each) => JSON.parse(browser.decrypt(each.body)) as PushMessage);
}

async function newTicket(author: string, group = 'Prusa linea 1'): Promise<number> {
  const machine = (await demo.group(group)).id;
  const response = await demo.call(author, 'POST', '/api/v1/tickets', {
    title: 'Ugello intasato',
    machine,
    content: 'Non estrude più.',
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

describe('ticket notifications', () => {
  it('reach the other people of the thread, encrypted for their browser and signed with VAPID', async () => {
    const customer = await subscribe('customer@demo.test', { language: 'en' });
    const tech = await subscribe('tech@demo.test');
    const id = await newTicket('customer@demo.test');
    // Opening a ticket tells nobody: its thread has only its author.
    expect(await messagesAt(customer.endpoint, customer.browser)).toEqual([]);

    await demo.call('tech@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, { content: 'Arrivo.' });
    const [arrived] = await push.waitFor(customer.endpoint);
    expect(JSON.parse(customer.browser.decrypt(arrived?.body ?? Buffer.alloc(0)))).toEqual({
      title: `New answer to ticket #${id}`,
      body: 'Ugello intasato',
      url: `/en/tickets/${id}`,
      tag: `ticket-${id}`,
      kind: 'ticketAnswered',
      ticketId: id,
    });
    expect(arrived?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(arrived?.headers.ttl)).toBeGreaterThan(0);
    const claims = await verifyVapid(arrived as NonNullable<typeof arrived>, vapidPublicKey);
    expect(claims).toMatchObject({ aud: push.origin, sub: 'mailto:ops@portal.test' });
    // The one who answered is not told of their own answer.
    expect(await messagesAt(tech.endpoint, tech.browser)).toEqual([]);

    // Now the technician is in the thread: the customer's answer and close reach them, in Italian.
    await demo.call('customer@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, { content: 'Grazie' });
    await demo.call('customer@demo.test', 'PUT', `/api/v1/tickets/${id}`, { is_open: false });
    // Closing a closed ticket again changes nothing and tells nobody.
    await demo.call('customer@demo.test', 'PUT', `/api/v1/tickets/${id}`, { is_open: false });
    await demo.call('tech@demo.test', 'PUT', `/api/v1/tickets/${id}`, { is_open: true });
    // Each event is sent on its own, so they may arrive in any order.
    const sorted = <T>(items: T[]) => items.map((item) => JSON.stringify(item)).sort();
    expect(
      sorted((await messagesAt(tech.endpoint, tech.browser)).map((m) => [m.kind, m.title, m.url])),
    ).toEqual(
      sorted([
        ['ticketAnswered', `Nuova risposta al ticket #${id}`, `/it/tickets/${id}`],
        ['ticketClosed', `Ticket #${id} chiuso`, `/it/tickets/${id}`],
      ]),
    );
    expect(sorted((await messagesAt(customer.endpoint, customer.browser)).map((m) => m.kind))).toEqual([
      '"ticketAnswered"',
      '"ticketReopened"',
    ]);
  });

  it('never reach a push service whose name has come to resolve to a private address', async () => {
    // The name resolves to a public address when subscribed, then to this machine: when the message is about to
    // go (publicAnswers 1), or only as the connection is made (2), which the TLS agent's own check catches.
    for (const publicAnswers of [1, 2]) {
      await t.database.db.delete(pushSubscriptions);
      rebinding.publicAnswers = publicAnswers;
      const browser = newBrowserKeys();
      const endpoint = push.endpoint().replace('127.0.0.1', rebinding.name);
      const subscribed = await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/subscribe', {
        endpoint,
        expirationTime: null,
        keys: browser.keys,
      });
      expect(subscribed.statusCode).toBe(204);
      const id = await newTicket('customer@demo.test');
      await demo.call('tech@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, { content: 'x' });
      await t.modules.notifications.notifier.idle();
      const path = new URL(endpoint).pathname;
      expect(
        push.received.filter((each) => each.path === path),
        `publicAnswers ${publicAnswers}`,
      ).toEqual([]);
    }
  });

  it('skip whoever turned ticket notifications off, and whoever no longer sees the ticket', async () => {
    const customer = await subscribe('customer@demo.test');
    const admin = await subscribe('admin@demo.test');
    const id = await newTicket('customer@demo.test');
    await t.database.db
      .update(users)
      .set({ ticketNotifications: false })
      .where(eq(users.email, 'customer@demo.test'));
    await demo.call('admin@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, { content: 'Visto.' });
    await demo.call('tech@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, { content: 'Arrivo.' });
    expect(await messagesAt(customer.endpoint, customer.browser)).toEqual([]);
    // The administrator, who handles tickets, heard of the new ticket, then of the technician's answer.
    expect((await messagesAt(admin.endpoint, admin.browser)).map((m) => m.kind)).toEqual([
      'ticketCreated',
      'ticketAnswered',
    ]);

    // A technician who answered on a group later taken from them hears no more of its tickets.
    const tech = await subscribe('tech@demo.test');
    const group = (await demo.group('Prusa linea 1')).id;
    const techId = await t.idOf('tech@demo.test');
    await demo.call('admin@demo.test', 'DELETE', `/api/v1/users/${techId}/machines/${group}`);
    await demo.call('admin@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, { content: 'Ancora.' });
    expect(await messagesAt(tech.endpoint, tech.browser)).toEqual([]);
    await demo.call('admin@demo.test', 'POST', `/api/v1/users/${techId}/machines`, { machine: group });
  });

  it('never slow down nor fail the answer: a push service that is gone loses its subscription', async () => {
    const gone = await subscribe('customer@demo.test', { status: 410 });
    const id = await newTicket('customer@demo.test');
    const answer = await demo.call('tech@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, {
      content: 'x',
    });
    expect(answer.statusCode).toBe(201);
    await push.waitFor(gone.endpoint);
    await t.modules.notifications.notifier.idle();
    const left = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, gone.endpoint));
    expect(left).toEqual([]);
  });

  it('keep a subscription whose push service fails for another reason (500)', async () => {
    const failing = await subscribe('customer@demo.test', { status: 500 });
    const id = await newTicket('customer@demo.test');
    await demo.call('tech@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, { content: 'x' });
    await push.waitFor(failing.endpoint);
    await t.modules.notifications.notifier.idle();
    const left = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, failing.endpoint));
    expect(left).toHaveLength(1);
  });
});

describe('machine notifications', () => {
  async function machineEvent(
    type: MachineTransitionType,
    group = 'Prusa linea 1',
    fileName: string | null = null,
  ) {
    const row = await demo.group(group);
    t.modules.liveStatus.events.emit({
      type,
      controllerId: row.computerControllerId,
      machineGroupId: row.id,
      at: t.clock.now().toISOString(),
      fileName,
    });
    return row.id;
  }

  it("reach the group's users who want them, at most once per machine and kind in five minutes", async () => {
    const customer = await subscribe('customer@demo.test', { language: 'en' });
    const tech = await subscribe('tech@demo.test');
    const manager = await subscribe('manager@demo.test');
    await t.database.db
      .update(users)
      .set({ machineNotifications: false })
      .where(eq(users.email, 'tech@demo.test'));

    const id = await machineEvent('jobFinished', 'Prusa linea 1', 'staffa.gcode');
    await machineEvent('jobFinished', 'Prusa linea 1', 'staffa.gcode');
    await machineEvent('boardOffline');
    // Events are sent on their own, so they may arrive in any order.
    const byKind = (messages: PushMessage[]) => messages.sort((a, b) => a.kind.localeCompare(b.kind));
    expect(byKind(await messagesAt(customer.endpoint, customer.browser))).toEqual([
      {
        title: 'Prusa linea 1',
        body: 'Board offline',
        url: `/en/machines/${id}`,
        tag: `machine-${id}-boardOffline`,
        kind: 'boardOffline',
        machineId: id,
      },
      {
        title: 'Prusa linea 1',
        body: 'Job finished: staffa.gcode',
        url: `/en/machines/${id}`,
        tag: `machine-${id}-jobFinished`,
        kind: 'jobFinished',
        machineId: id,
      },
    ]);
    // Not assigned to the group (the manager), or machine notifications off (the technician): nothing.
    expect(await messagesAt(manager.endpoint, manager.browser)).toEqual([]);
    expect(await messagesAt(tech.endpoint, tech.browser)).toEqual([]);

    // Within the window the same kind stays quiet; past it, it is told again.
    t.clock.advance(4 * 60_000);
    await machineEvent('jobFinished', 'Prusa linea 1', 'staffa.gcode');
    expect(await messagesAt(customer.endpoint, customer.browser)).toHaveLength(2);
    t.clock.advance(60_000);
    await machineEvent('jobFinished', 'Prusa linea 1', 'staffa.gcode');
    expect(byKind(await messagesAt(customer.endpoint, customer.browser)).map((m) => m.kind)).toEqual([
      'boardOffline',
      'jobFinished',
      'jobFinished',
    ]);
  });

  it('throttle each machine on its own, and ignore controllers that serve no machine group', async () => {
    const customer2 = await subscribe('customer2@demo.test');
    t.clock.advance(10 * 60_000);
    await machineEvent('halted', 'Prusa linea 1');
    const ratrig = await machineEvent('halted', 'RatRig produzione');
    t.modules.liveStatus.events.emit({
      type: 'gatewayOffline',
      controllerId: 9999,
      machineGroupId: null,
      at: t.clock.now().toISOString(),
      fileName: null,
    });
    expect(await messagesAt(customer2.endpoint, customer2.browser)).toEqual([
      expect.objectContaining({ kind: 'halted', body: 'Macchina arrestata', url: `/it/machines/${ratrig}` }),
    ]);
  });
});
