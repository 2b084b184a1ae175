import type { Ticket } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';

const t = useTestApp();
const demo = demoClient(t);

const renewal = async (email: string, group: string, language: unknown = 'en') =>
  demo.call(email, 'POST', `/api/v1/machinegroup/${(await demo.group(group)).id}/licence-renewal`, {
    language,
  });

describe('POST /api/v1/machinegroup/{id}/licence-renewal', () => {
  it('opens a ticket the server writes, about the machine, in the asker’s language', async () => {
    const response = await renewal('customer@demo.test', 'Prusa linea 2');
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: number }>();
    const ticket = (await demo.call('customer@demo.test', 'GET', `/api/v1/tickets/${id}`)).json<Ticket>();
    expect(ticket).toMatchObject({
      title: 'Licence renewal: Prusa linea 2',
      author: await t.idOf('customer@demo.test'),
      is_open: true,
      machine: (await demo.group('Prusa linea 2')).id,
    });
    expect(ticket.content.split('\n')[0]).toBe('Please renew the licence of Prusa linea 2 (Reparto stampa).');
    expect(ticket.content).toMatch(
      /Licence #\d+: (expires|expired) on \d{4}-\d\d-\d\d\.|no licence|not activated/,
    );
    // The business's manager sees it as any ticket about the machine.
    expect((await demo.call('manager@demo.test', 'GET', `/api/v1/tickets/${id}`)).statusCode).toBe(200);
  });

  it('answers the open renewal ticket again, in either language, instead of a second one', async () => {
    const first = await renewal('manager@demo.test', 'Prusa linea 1', 'it');
    expect(first.statusCode).toBe(201);
    const { id } = first.json<{ id: number }>();
    const ticket = (await demo.call('manager@demo.test', 'GET', `/api/v1/tickets/${id}`)).json<Ticket>();
    expect(ticket.title).toBe('Rinnovo licenza: Prusa linea 1');
    expect(ticket.content).toMatch(/^Chiedo il rinnovo della licenza di Prusa linea 1/);
    const again = await renewal('tech@demo.test', 'Prusa linea 1', 'en');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id });
    // Once closed, a new request opens a new ticket.
    expect(
      (await demo.call('manager@demo.test', 'PUT', `/api/v1/tickets/${id}`, { is_open: false })).statusCode,
    ).toBe(200);
    const after = await renewal('manager@demo.test', 'Prusa linea 1');
    expect(after.statusCode).toBe(201);
    expect(after.json<{ id: number }>().id).not.toBe(id);
  });

  it('is 404 for another business’s machine or none, and 403 for administrators, who renew themselves', async () => {
    expect((await renewal('customer2@demo.test', 'Prusa linea 1')).statusCode).toBe(404);
    expect((await renewal('customer@demo.test', 'RatRig produzione')).statusCode).toBe(404);
    const none = await demo.call(
      'customer@demo.test',
      'POST',
      '/api/v1/machinegroup/999999/licence-renewal',
      {
        language: 'en',
      },
    );
    expect(none.statusCode).toBe(404);
    const admin = await renewal('admin@demo.test', 'Prusa linea 1');
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers 400 in the portal’s format for a language it does not speak', async () => {
    const response = await renewal('customer@demo.test', 'Prusa linea 2', 'de');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
