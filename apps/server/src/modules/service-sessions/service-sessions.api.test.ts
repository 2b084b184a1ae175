import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ActivityEntry, Page, ServiceSession } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { useRecordingBoard } from '../../test/fake-gateway.ts';

const t = useTestApp({ activity: { flushMs: 5 } });
/** The controller's board, answering every request `{"err":0}`. */
const board = useRecordingBoard(t);
let controller = 0;
let machineGroup = 0;
let ticket = 0;
let otherTicket = 0;
let business = 0;
let tokens: Record<'admin' | 'manager' | 'tech' | 'customer' | 'manager2' | 'customer2', string>;

const call = t.callWith;

const gcode = (token: string, code = 'M115') =>
  call(token, 'GET', `/proxy/duet/3.6/admin/${controller}/rr_gcode?gcode=${encodeURIComponent(code)}`);
const panel = (token: string) =>
  call(token, 'POST', `/api/v1/machines/${controller}/panel`, { path: 'admin', firmware: '3.6' });
const requestSession = (token: string, body: unknown = { reason: 'Z axis noise', hours: 2 }, id = ticket) =>
  call(token, 'POST', `/api/v1/tickets/${id}/service-sessions`, body);
const consent = (token: string, required: boolean, id = business) =>
  call(token, 'PUT', `/api/v1/business/${id}/service-consent`, { required });

async function activityOf(query: string): Promise<ActivityEntry[]> {
  await t.modules.activity.log.flush();
  const response = await call(tokens.admin, 'GET', `/api/v1/activity?${query}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as Page<ActivityEntry>).items;
}

beforeAll(async () => {
  const group = await t.demoGroup('Prusa linea 1');
  controller = group.computerControllerId;
  machineGroup = group.id;
  business = group.businessId;
  tokens = await t.sessionsFor('admin', 'manager', 'tech', 'customer', 'manager2', 'customer2');
  const opened = await call(tokens.customer, 'POST', '/api/v1/tickets', {
    title: 'The Z axis grinds',
    machine: machineGroup,
    content: 'Since this morning.',
  });
  expect(opened.statusCode).toBe(201);
  ticket = opened.json().id;
  const groupB = await t.demoGroup('RatRig produzione');
  const openedB = await call(tokens.customer2, 'POST', '/api/v1/tickets', {
    title: 'Another business',
    machine: groupB?.id,
    content: 'Not yours.',
  });
  otherTicket = openedB.json().id;
  await board.connect(controller);
});

describe('the consent setting', () => {
  it("is off by default and read by whoever sees the business; another business's is 404", async () => {
    for (const token of [tokens.admin, tokens.manager, tokens.customer]) {
      const response = await call(token, 'GET', `/api/v1/business/${business}/service-consent`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ required: false, ownerUnconfirmed: false });
    }
    expect(
      (await call(tokens.manager2, 'GET', `/api/v1/business/${business}/service-consent`)).statusCode,
    ).toBe(404);
    expect((await call(undefined, 'GET', `/api/v1/business/${business}/service-consent`)).statusCode).toBe(
      401,
    );
    expect((await call(tokens.admin, 'GET', '/api/v1/business/99999/service-consent')).statusCode).toBe(404);
  });

  it("is changed by the business's managers only", async () => {
    expect((await consent(tokens.admin, true)).statusCode).toBe(403);
    expect((await consent(tokens.customer, true)).statusCode).toBe(403);
    expect((await consent(tokens.manager2, true)).statusCode).toBe(404);
    expect(
      (await call(tokens.manager, 'PUT', `/api/v1/business/${business}/service-consent`, {})).statusCode,
    ).toBe(400);
    expect(
      (await call(undefined, 'PUT', `/api/v1/business/${business}/service-consent`, { required: true }))
        .statusCode,
    ).toBe(401);
  });

  it('turned on, stops outside staff changing the machine but not seeing it', async () => {
    expect((await gcode(tokens.admin)).statusCode).toBe(200);
    const on = await consent(tokens.manager, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ required: true, ownerUnconfirmed: false });
    const refused = await gcode(tokens.admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SERVICE_SESSION_REQUIRED');
    expect((await panel(tokens.admin)).json().code).toBe('SERVICE_SESSION_REQUIRED');
    const model = await call(tokens.admin, 'GET', `/proxy/duet/3.6/admin/${controller}/rr_model?key=state`);
    expect(model.statusCode).toBe(200);
    // The business's own people are not outside it.
    expect((await panel(tokens.manager)).statusCode).toBe(403); // the admin path is for administrators
    const own = await call(tokens.customer, 'POST', `/api/v1/machines/${controller}/panel`, {
      path: 'customer',
      firmware: '3.6',
    });
    expect(own.statusCode).toBe(200);
    const [entry] = await activityOf('kind=business.serviceConsent');
    expect(entry).toMatchObject({ business, detail: { required: true } });
  });

  it("holds an administrator's full-control slicer token too, for changes only", async () => {
    const created = await call(tokens.admin, 'POST', `/api/v1/customer/printer/duet/${controller}/token`, {
      can_connect: true,
      can_upload_files: true,
      full_control: true,
    });
    expect(created.statusCode).toBe(200);
    const { api_token: token } = created.json();
    const slicer = (rest: string) =>
      call(undefined, 'GET', `/customer/api/v1/duet/${controller}/full_control/${token}/${rest}`);
    expect((await slicer('rr_model?key=state')).statusCode).toBe(200);
    const refused = await slicer('rr_gcode?gcode=M112');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SERVICE_SESSION_REQUIRED');
  });
});

describe('a service session', () => {
  let session: ServiceSession;

  it('is asked for from a ticket by outside staff only, once at a time', async () => {
    expect((await requestSession(tokens.manager)).statusCode).toBe(403);
    expect((await requestSession(tokens.tech)).statusCode).toBe(403); // of the business itself
    expect((await requestSession(tokens.customer)).statusCode).toBe(403);
    expect((await requestSession(tokens.admin, { reason: '', hours: 2 })).statusCode).toBe(400);
    expect((await requestSession(tokens.admin, { reason: 'x', hours: 169 })).statusCode).toBe(400);
    expect((await requestSession(tokens.admin, { reason: 'x', hours: 0 })).statusCode).toBe(400);
    expect((await requestSession(tokens.admin, undefined, 999_999)).statusCode).toBe(404);
    expect((await requestSession(tokens.tech, undefined, otherTicket)).statusCode).toBe(404);
    expect((await call(undefined, 'POST', `/api/v1/tickets/${ticket}/service-sessions`, {})).statusCode).toBe(
      401,
    );
    const asked = await requestSession(tokens.admin);
    expect(asked.statusCode).toBe(201);
    session = asked.json();
    expect(session).toMatchObject({
      ticket,
      controller,
      machine: machineGroup,
      business,
      state: 'requested',
      hours: 2,
      reason: 'Z axis noise',
      requester: { name: expect.any(String) },
      endsAt: null,
    });
    expect((await requestSession(tokens.admin)).json().code).toBe('SERVICE_SESSION_OPEN');
  });

  it("tells the business's managers and the ticket's customer by mail, in their language", async () => {
    await t.modules.notifications.notifier.idle();
    const all = await Promise.all(
      (await readdir(t.outbox)).map((file) => readFile(path.join(t.outbox, file), 'utf8')),
    );
    // The consent turned on earlier was mailed to the managers too (consent-owner.api.test.ts), and the new ticket to
    // the operator's staff.
    const mails = all.filter(
      (mail) => !mail.includes(`/it/business/${business}`) && !mail.includes('Subject: Nuovo ticket'),
    );
    const to = (address: string) => mails.filter((mail) => mail.includes(`To: ${address}`));
    expect(to('manager@demo.test')).toHaveLength(1);
    expect(to('customer@demo.test')).toHaveLength(1);
    expect(to('admin@demo.test')).toHaveLength(0);
    expect(to('manager2@demo.test')).toHaveLength(0);
    expect(to('manager@demo.test')[0]).toContain('Richiesta di assistenza remota');
    expect(to('manager@demo.test')[0]).toContain(`/it/tickets/${ticket}`);
  });

  it('is listed for those who see it, and awaits the decision of those who may decide', async () => {
    const listed = async (token: string, query: string) => {
      const response = await call(token, 'GET', `/api/v1/service-sessions?${query}`);
      expect(response.statusCode).toBe(200);
      return (response.json() as ServiceSession[]).map((item) => item.id);
    };
    expect(await listed(tokens.manager, 'awaiting=true')).toEqual([session.id]);
    expect(await listed(tokens.customer, 'awaiting=true')).toEqual([session.id]);
    expect(await listed(tokens.tech, 'awaiting=true')).toEqual([]);
    expect(await listed(tokens.admin, 'awaiting=true')).toEqual([]);
    expect(await listed(tokens.manager2, '')).toEqual([]);
    expect(await listed(tokens.admin, `ticket=${ticket}`)).toEqual([session.id]);
    expect(await listed(tokens.tech, `controller=${controller}&open=true`)).toEqual([session.id]);
    expect((await call(tokens.admin, 'GET', '/api/v1/service-sessions?ticket=abc')).statusCode).toBe(400);
    expect((await call(undefined, 'GET', '/api/v1/service-sessions')).statusCode).toBe(401);
  });

  it("is decided by the business's managers or the ticket's customer, once", async () => {
    const decision = (token: string | undefined, body: unknown = { accept: true, comment: 'Go ahead' }) =>
      call(token, 'POST', `/api/v1/service-sessions/${session.id}/decision`, body);
    expect((await decision(tokens.manager2)).statusCode).toBe(404);
    expect((await decision(tokens.tech)).statusCode).toBe(403);
    expect((await decision(tokens.admin)).statusCode).toBe(403);
    expect((await decision(tokens.manager, { accept: 'yes' })).statusCode).toBe(400);
    expect((await decision(undefined)).statusCode).toBe(401);
    const accepted = await decision(tokens.manager);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      state: 'active',
      comment: 'Go ahead',
      decidedBy: { name: 'Marco' },
    });
    expect(new Date(accepted.json().endsAt).getTime() - new Date(accepted.json().decidedAt).getTime()).toBe(
      2 * 3_600_000,
    );
    expect((await decision(tokens.customer)).json().code).toBe('SERVICE_SESSION_CLOSED');
  });

  it('opens control for its requester, and the record files what they did under the session and ticket', async () => {
    expect((await gcode(tokens.admin, 'G28 X')).statusCode).toBe(200);
    expect((await panel(tokens.admin)).statusCode).toBe(200);
    const [sent] = await activityOf('kind=board.gcode&q=G28%20X');
    expect(sent).toMatchObject({ ticket, detail: { gcode: 'G28 X', session: session.id } });
    const log = await activityOf(`ticket=${ticket}`);
    expect(log.map((entry) => entry.kind)).toEqual([
      'board.gcode',
      'serviceSession.decide',
      'serviceSession.request',
    ]);
  });

  it('is ended early by anyone of the business, and control ends with it', async () => {
    const end = (token: string | undefined) =>
      call(token, 'POST', `/api/v1/service-sessions/${session.id}/end`);
    expect((await end(tokens.manager2)).statusCode).toBe(404);
    expect((await end(undefined)).statusCode).toBe(401);
    const ended = await end(tokens.customer);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ state: 'ended', endedBy: { name: 'Carlo' } });
    expect((await gcode(tokens.admin)).json().code).toBe('SERVICE_SESSION_REQUIRED');
    expect((await end(tokens.manager)).json().code).toBe('SERVICE_SESSION_CLOSED');
  });

  it('is withdrawn by its requester before a decision, and a rejected one opens nothing', async () => {
    const asked: ServiceSession = (
      await requestSession(tokens.admin, { reason: 'Check belts', hours: 1 })
    ).json();
    const withdrawn = await call(tokens.admin, 'POST', `/api/v1/service-sessions/${asked.id}/end`);
    expect(withdrawn.json()).toMatchObject({ state: 'withdrawn' });
    const again: ServiceSession = (
      await requestSession(tokens.admin, { reason: 'Check belts', hours: 1 })
    ).json();
    expect((await call(tokens.manager, 'POST', `/api/v1/service-sessions/${again.id}/end`)).statusCode).toBe(
      409,
    );
    const rejected = await call(tokens.customer, 'POST', `/api/v1/service-sessions/${again.id}/decision`, {
      accept: false,
      comment: 'Not today',
    });
    expect(rejected.json()).toMatchObject({ state: 'rejected', comment: 'Not today' });
    expect((await gcode(tokens.admin)).json().code).toBe('SERVICE_SESSION_REQUIRED');
  });

  it('stops mattering once the business stops requiring consent', async () => {
    expect((await consent(tokens.manager, false)).statusCode).toBe(200);
    expect((await gcode(tokens.admin)).statusCode).toBe(200);
  });
});
