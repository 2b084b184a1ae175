import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../shared/attachment.ts';
import { useTestApp } from '../../test/api-test.ts';
import { connectFakeGateway, type FakeGateway, type StreamHandler } from '../../test/fake-gateway.ts';
import { bearer } from '../../test/test-app.ts';

const t = useTestApp({ proxyTimeoutMs: 300 });
const gateways: FakeGateway[] = [];
/** Controllers of demo groups: A's with a valid licence (customer@ assigned), A's expired one, and B's. */
const controller = { valid: 0, expired: 0, other: 0 };
let tokens: Record<'admin' | 'manager' | 'customer', string>;

const gateway = async (controllerId: number, handler: StreamHandler) => {
  const fake = await connectFakeGateway(t.modules.gateway.registry, controllerId, handler);
  gateways.push(fake);
  return fake;
};

/** A board holding one file. */
const boardWith =
  (bytes: Buffer): StreamHandler =>
  (stream) => {
    stream.respond({ ':status': 200, 'content-type': 'text/plain', 'content-length': String(bytes.length) });
    stream.end(bytes);
  };

beforeAll(async () => {
  Object.assign(controller, await t.demoControllers());
  tokens = await t.sessionsFor({
    admin: 'admin@demo.test',
    manager: 'manager@demo.test',
    customer: 'customer@demo.test',
  });
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((fake) => fake.disconnect()));
});

const askTicket = (token: string, controllerId: number, name: string, path = 'customer') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/machines/${controllerId}/download`,
    headers: bearer(token),
    payload: { path, name },
  });

const linkOf = async (token: string, controllerId: number, name: string, path = 'customer') => {
  const response = await askTicket(token, controllerId, name, path);
  expect(response.statusCode).toBe(200);
  return response.json().url as string;
};

describe('downloading a board file through a ticket', () => {
  it('streams the file as an attachment named after it, sandboxed, asking the board for that file', async () => {
    const bytes = Buffer.from('G28\nG1 X10\n');
    const fake = await gateway(controller.valid, boardWith(bytes));
    const url = await linkOf(tokens.customer, controller.valid, '0:/gcodes/Clienti/cubo 20mm.gcode');
    expect(url).toMatch(new RegExp(`^/api/v1/machines/${controller.valid}/download\\?ticket=`));
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(bytes);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="cubo 20mm.gcode"; filename*=UTF-8''cubo%2020mm.gcode`,
    );
    expect(response.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(fake.paths).toEqual(['/board/rr_download?name=0:/gcodes/Clienti/cubo%2020mm.gcode']);
    // The link works once: a copy from a log or the browser's history is worth nothing.
    const again = await t.app.inject(url);
    expect([again.statusCode, again.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(fake.paths).toHaveLength(1);
  });

  it('answers 404 in the error format when the board has no such file', async () => {
    await gateway(controller.valid, (stream) => {
      stream.respond({ ':status': 404, 'content-type': 'text/html' });
      stream.end('<html>file not found</html>');
    });
    const response = await t.app.inject(await linkOf(tokens.customer, controller.valid, '0:/gcodes/none.g'));
    expect([response.statusCode, response.json().code]).toEqual([404, 'NOT_FOUND']);
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it('answers 502 GATEWAY_OFFLINE while the gateway has no tunnel', async () => {
    const response = await t.app.inject(await linkOf(tokens.customer, controller.valid, '0:/gcodes/a.g'));
    expect([response.statusCode, response.json().code]).toEqual([502, 'GATEWAY_OFFLINE']);
  });

  it('gives no ticket for a machine the user may not reach, nor for a bad body', async () => {
    expect((await askTicket(tokens.customer, controller.other, '0:/gcodes/a.g')).statusCode).toBe(404);
    const expired = await askTicket(tokens.manager, controller.expired, '0:/gcodes/a.g');
    expect([expired.statusCode, expired.json().code]).toEqual([403, 'LICENSE_EXPIRED']);
    expect((await askTicket(tokens.manager, controller.valid, '0:/gcodes/a.g', 'admin')).statusCode).toBe(
      403,
    );
    expect((await askTicket(tokens.customer, controller.valid, '')).statusCode).toBe(400);
    expect((await askTicket(tokens.admin, controller.expired, '0:/a.g', 'admin')).statusCode).toBe(200);
  });

  it('refuses links without a ticket, with a forged one, for another machine, or after logout', async () => {
    await gateway(controller.valid, boardWith(Buffer.from('x')));
    await gateway(controller.expired, boardWith(Buffer.from('x')));
    const base = `/api/v1/machines/${controller.valid}/download`;
    expect((await t.app.inject(base)).statusCode).toBe(400);
    expect((await t.app.inject(`${base}?ticket=not-a-ticket`)).statusCode).toBe(401);
    const url = await linkOf(tokens.customer, controller.valid, '0:/gcodes/a.g');
    const ticket = new URL(url, 'http://portal').searchParams.get('ticket') ?? '';
    const elsewhere = `/api/v1/machines/${controller.expired}/download?ticket=${encodeURIComponent(ticket)}`;
    expect((await t.app.inject(elsewhere)).statusCode).toBe(401);
    // A panel ticket is not a download ticket.
    const panel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/machines/${controller.valid}/panel`,
      headers: bearer(tokens.customer),
      payload: { path: 'customer', firmware: '3.6' },
    });
    const panelTicket = new URL(panel.json().url).searchParams.get('ticket') ?? '';
    expect((await t.app.inject(`${base}?ticket=${encodeURIComponent(panelTicket)}`)).statusCode).toBe(401);

    const token = await t.tokenFor('customer@demo.test');
    const link = await linkOf(token, controller.valid, '0:/gcodes/a.g');
    await t.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    expect((await t.app.inject(link)).statusCode).toBe(401);
  });
});

describe('the attachment header', () => {
  it('names the last path segment, with an ASCII fallback and the exact name in filename*', () => {
    expect(attachmentDisposition('0:/gcodes/Supporto "è".gcode')).toBe(
      `attachment; filename="Supporto ___.gcode"; filename*=UTF-8''Supporto%20%22%C3%A8%22.gcode`,
    );
    expect(attachmentDisposition("0:/sys/it's (1).g")).toBe(
      `attachment; filename="it's (1).g"; filename*=UTF-8''it%27s%20%281%29.g`,
    );
  });
});
