import { type Page, Role, type Ticket, type TicketAnswer, type TicketListItem } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ticketAnswers, tickets, users } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';

const t = useTestApp();
const demo = demoClient(t);

/** Opens a ticket through the API and answers its id. */
async function open(email: string, group: string, title = 'Ugello otturato') {
  const machine = (await demo.group(group)).id;
  const response = await demo.call(email, 'POST', '/api/v1/tickets', {
    title,
    machine,
    content: 'Il filamento non esce più.',
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

const titlesFor = async (email: string, query = '') => {
  const response = await demo.call(email, 'GET', `/api/v1/tickets?pageSize=200&sort=id${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<Page<TicketListItem>>().items.map((item) => item.title);
};

describe('POST /api/v1/tickets and GET /api/v1/tickets/{id}', () => {
  it('opens a ticket about a machine the author sees, with its machine and author', async () => {
    const id = await open('customer@demo.test', 'Prusa linea 2');
    const group = await demo.group('Prusa linea 2');
    const response = await demo.call('customer@demo.test', 'GET', `/api/v1/tickets/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Ticket>()).toEqual({
      id,
      title: 'Ugello otturato',
      content: 'Il filamento non esce più.',
      author: await t.idOf('customer@demo.test'),
      datetime: t.clock.now().toISOString(),
      is_open: true,
      machine: group.id,
      machineName: 'Prusa linea 2',
      machineLocation: 'Reparto stampa',
    });
  });

  it('answers 400 with per-field codes for a missing title, an empty or too long text', async () => {
    const machine = (await demo.group('Prusa linea 1')).id;
    const response = await demo.call('customer@demo.test', 'POST', '/api/v1/tickets', {
      title: '  ',
      machine,
      content: 'x'.repeat(20_001),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { title: ['required'], content: ['tooLong'] },
    });
    const long = await demo.call('customer@demo.test', 'POST', '/api/v1/tickets', {
      title: 'x'.repeat(201),
      machine,
      content: '',
    });
    expect(long.json()).toMatchObject({ fields: { title: ['tooLong'], content: ['required'] } });
  });

  it('refuses a machine the author does not see as an unknown choice', async () => {
    const machine = (await demo.group('RatRig produzione')).id;
    const response = await demo.call('customer@demo.test', 'POST', '/api/v1/tickets', {
      title: 'Altrui',
      machine,
      content: 'Non dovrebbe passare',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: { machine: ['Unknown machine'] },
      fields: { machine: ['invalidChoice'] },
    });
  });

  it('answers 401 without a session and 404 for another business’s ticket or a missing one', async () => {
    const id = await open('customer2@demo.test', 'RatRig produzione');
    expect((await demo.call(null, 'GET', `/api/v1/tickets/${id}`)).statusCode).toBe(401);
    expect((await demo.call(null, 'POST', '/api/v1/tickets', {})).statusCode).toBe(401);
    for (const email of ['manager@demo.test', 'tech@demo.test', 'customer@demo.test']) {
      const response = await demo.call(email, 'GET', `/api/v1/tickets/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Ticket not found' });
    }
    expect((await demo.call('admin@demo.test', 'GET', `/api/v1/tickets/${id}`)).statusCode).toBe(200);
    expect((await demo.call('admin@demo.test', 'GET', '/api/v1/tickets/2147483647')).statusCode).toBe(404);
    expect((await demo.call('admin@demo.test', 'GET', '/api/v1/tickets/abc')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/tickets', () => {
  it('shows each role the tickets docs/design.md §3 lets them see', async () => {
    const onVoron = await open('tech@demo.test', 'Voron prototipi', 'Solo per il tecnico');
    const onB = await open('manager2@demo.test', 'Cella pallet B', 'Solo per B');
    const all = await titlesFor('admin@demo.test');
    expect(all).toEqual(expect.arrayContaining(['Solo per il tecnico', 'Solo per B']));
    // The manager sees the business's tickets, the technician those of the groups assigned to them.
    expect(await titlesFor('manager@demo.test')).toContain('Solo per il tecnico');
    expect(await titlesFor('manager@demo.test')).not.toContain('Solo per B');
    expect(await titlesFor('tech@demo.test')).toContain('Solo per il tecnico');
    // Voron prototipi is not assigned to the customer, who did not write the ticket either.
    expect(await titlesFor('customer@demo.test')).not.toContain('Solo per il tecnico');
    expect(await titlesFor('manager2@demo.test')).toContain('Solo per B');
    expect(await titlesFor('customer2@demo.test')).not.toContain('Solo per B');
    expect(onVoron).not.toBe(onB);
  });

  it('keeps showing its author a ticket once the machine group is gone', async () => {
    const id = await open('customer@demo.test', 'Prusa linea 1', 'Macchina dismessa');
    // The ticket outlives its machine group, as it does when an administrator deletes the group.
    await t.database.db.update(tickets).set({ machineGroupId: null }).where(eq(tickets.id, id));
    const response = await demo.call('customer@demo.test', 'GET', `/api/v1/tickets/${id}`);
    expect(response.json()).toMatchObject({ machine: null, machineName: null, machineLocation: null });
    expect(await titlesFor('customer@demo.test')).toContain('Macchina dismessa');
    expect(await titlesFor('tech@demo.test')).not.toContain('Macchina dismessa');
    expect(await titlesFor('manager@demo.test')).toContain('Macchina dismessa');
  });

  it('lists open tickets first by default, and filters by machine and status', async () => {
    const response = await demo.call('admin@demo.test', 'GET', '/api/v1/tickets?pageSize=200');
    const statuses = response.json<Page<TicketListItem>>().items.map((item) => item.is_open);
    expect(statuses).toContain(false);
    expect(statuses).toEqual([...statuses].sort((x, y) => Number(y) - Number(x)));
    const group = await demo.group('Prusa linea 2');
    const closed = await demo.call(
      'admin@demo.test',
      'GET',
      `/api/v1/tickets?machine=${group.id}&is_open=false`,
    );
    const page = closed.json<Page<TicketListItem>>();
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((item) => item.machine === group.id && !item.is_open)).toBe(true);
    expect(page.items[0]).toMatchObject({ machineName: 'Prusa linea 2', machineLocation: 'Reparto stampa' });
  });

  it('answers 400 for a bad query and 401 without a session', async () => {
    const response = await demo.call('admin@demo.test', 'GET', '/api/v1/tickets?is_open=maybe&machine=0');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: { is_open: ['invalidChoice'], machine: ['invalidFormat'] },
    });
    expect((await demo.call(null, 'GET', '/api/v1/tickets')).statusCode).toBe(401);
  });

  it('fills the machine group’s issues with the ids of its tickets', async () => {
    const id = await open('customer@demo.test', 'Prusa linea 1', 'Per la lista del gruppo');
    const group = await demo.group('Prusa linea 1');
    const response = await demo.call('customer@demo.test', 'GET', `/api/v1/machinegroup/${group.id}`);
    expect(response.json<{ issues: number[] }>().issues).toContain(id);
  });
});

describe('PUT and DELETE /api/v1/tickets/{id}', () => {
  it('closes and reopens a ticket for whoever sees it', async () => {
    const id = await open('customer@demo.test', 'Prusa linea 1');
    const closed = await demo.call('tech@demo.test', 'PUT', `/api/v1/tickets/${id}`, { is_open: false });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ id, is_open: false });
    const reopened = await demo.call('customer@demo.test', 'PUT', `/api/v1/tickets/${id}`, { is_open: true });
    expect(reopened.json()).toMatchObject({ is_open: true });
    const bad = await demo.call('customer@demo.test', 'PUT', `/api/v1/tickets/${id}`, { is_open: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { is_open: ['invalidType'] } });
    expect((await demo.call(null, 'PUT', `/api/v1/tickets/${id}`, { is_open: true })).statusCode).toBe(401);
    const foreign = await demo.call('customer2@demo.test', 'PUT', `/api/v1/tickets/${id}`, {
      is_open: false,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets only administrators delete, with the thread', async () => {
    const id = await open('customer@demo.test', 'Prusa linea 1');
    await demo.call('customer@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, { content: 'Ancora?' });
    for (const email of ['manager@demo.test', 'tech@demo.test', 'customer@demo.test']) {
      const refused = await demo.call(email, 'DELETE', `/api/v1/tickets/${id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await demo.call('manager2@demo.test', 'DELETE', `/api/v1/tickets/${id}`)).statusCode).toBe(404);
    expect((await demo.call(null, 'DELETE', `/api/v1/tickets/${id}`)).statusCode).toBe(401);
    expect((await demo.call('admin@demo.test', 'DELETE', `/api/v1/tickets/${id}`)).statusCode).toBe(204);
    expect((await demo.call('admin@demo.test', 'GET', `/api/v1/tickets/${id}`)).statusCode).toBe(404);
    expect((await demo.call('admin@demo.test', 'DELETE', `/api/v1/tickets/${id}`)).statusCode).toBe(404);
  });
});

describe('the thread: /api/v1/tickets/{id}/answers and /authors', () => {
  it('answers with the whole thread, oldest first, and names its authors', async () => {
    const id = await open('customer@demo.test', 'Prusa linea 1');
    const first = await demo.call('admin@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, {
      content: 'Provate a scaldare l’ugello a 250 °C.',
    });
    expect(first.statusCode).toBe(201);
    t.clock.advance(60_000);
    const second = await demo.call('customer@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, {
      content: 'Fatto, ora funziona.',
    });
    const thread = second.json<TicketAnswer[]>();
    expect(thread.map((answer) => answer.content)).toEqual([
      'Provate a scaldare l’ugello a 250 °C.',
      'Fatto, ora funziona.',
    ]);
    expect(thread[1]).toMatchObject({
      author: await t.idOf('customer@demo.test'),
      datetime: t.clock.now().toISOString(),
    });
    const listed = await demo.call('tech@demo.test', 'GET', `/api/v1/tickets/${id}/answers`);
    expect(listed.json()).toEqual(thread);
    const authors = await demo.call('tech@demo.test', 'GET', `/api/v1/tickets/${id}/authors`);
    expect(authors.json()).toEqual(
      [
        { id: await t.idOf('admin@demo.test'), name: 'Alessia', surname: 'Amministratori' },
        { id: await t.idOf('customer@demo.test'), name: 'Carlo', surname: 'Cliente' },
      ].sort((x, y) => x.id - y.id),
    );
  });

  it('keeps the answers of a deleted user, without an author', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({
        email: 'passeggero@demo.test',
        name: 'Paolo',
        role: Role.Customer,
        businessId: await demo.businessId('A'),
        passwordHash: 'x',
      })
      .returning();
    const id = await open('customer@demo.test', 'Prusa linea 1');
    await t.database.db.insert(ticketAnswers).values({
      ticketId: id,
      authorId: user?.id ?? 0,
      content: 'Risposta di chi se ne è andato',
      createdAt: t.clock.now(),
    });
    await t.database.db.delete(users).where(eq(users.id, user?.id ?? 0));
    const thread = await demo.call('customer@demo.test', 'GET', `/api/v1/tickets/${id}/answers`);
    expect(thread.json()).toEqual([expect.objectContaining({ author: null })]);
    const authors = await demo.call('customer@demo.test', 'GET', `/api/v1/tickets/${id}/authors`);
    expect(authors.json().map((author: { id: number }) => author.id)).toEqual([
      await t.idOf('customer@demo.test'),
    ]);
  });

  it('refuses an empty answer (400), no session (401) and another business’s ticket (404)', async () => {
    const id = await open('customer@demo.test', 'Prusa linea 1');
    const empty = await demo.call('customer@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, {
      content: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { content: ['required'] } });
    const long = await demo.call('customer@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, {
      content: 'x'.repeat(20_001),
    });
    expect(long.json()).toMatchObject({ fields: { content: ['tooLong'] } });
    for (const path of ['answers', 'authors']) {
      expect((await demo.call(null, 'GET', `/api/v1/tickets/${id}/${path}`)).statusCode).toBe(401);
      expect(
        (await demo.call('customer2@demo.test', 'GET', `/api/v1/tickets/${id}/${path}`)).statusCode,
      ).toBe(404);
    }
    const foreign = await demo.call('manager2@demo.test', 'POST', `/api/v1/tickets/${id}/answers`, {
      content: 'Intruso',
    });
    expect(foreign.statusCode).toBe(404);
  });
});
