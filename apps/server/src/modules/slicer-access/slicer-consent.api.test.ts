import { slicerDuetPath } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { useRecordingBoard } from '../../test/fake-gateway.ts';
import { octoPrintForm, postOctoPrintForm } from '../../test/octoprint-form.ts';
import { type DuetRequestInit, duetRequest, useSlicerMachine } from '../../test/slicer-fixtures.ts';

/**
 * Slicer tokens of outside staff under the business's consent setting (docs/design.md §11): tokens made while
 * consent was off change nothing once it is on, unless their user has an open service session at that moment.
 */
const t = useTestApp({ proxyTimeoutMs: 2000, grantCacheMs: 30_000 });
const machine = useSlicerMachine(t);
/** The machine's board, idle. */
const board = useRecordingBoard(t, { modelStatus: 'idle' });
let sessions: Record<'admin' | 'admin2' | 'manager' | 'customer', string>;
/** Made before consent was turned on: full control by one administrator, upload and print by another. */
const tokens = { full: '', upload: '' };

const call = t.callWith;

/** A request under the Duet URL of the token of that level. */
const duet = (level: 'full_control' | 'upload', rest: string, init?: DuetRequestInit) =>
  duetRequest(
    t.app,
    slicerDuetPath(machine.controllerId, level, tokens[level === 'upload' ? 'upload' : 'full']),
    rest,
    init,
  );

const octoPrintUpload = (token: string) =>
  postOctoPrintForm(
    t.app,
    machine.controllerId,
    token,
    octoPrintForm('cube.gcode', 'G28\nG1 X10\n', { print: 'true' }),
  );

/** Every change the tokens may make, each refused with the portal's error before the board hears of it. */
async function expectChangesRefused() {
  const changes = [
    await duet('full_control', 'rr_gcode?gcode=M115'),
    await duet('full_control', 'machine/code', {
      method: 'POST',
      payload: 'M115',
      headers: { 'content-type': 'text/plain' },
    }),
    await duet('full_control', 'rr_upload?name=0:/gcodes/a.gcode', { method: 'POST', payload: 'G28\n' }),
    // DSF's plugins and packages are changes too.
    await duet('full_control', 'machine/plugin', { method: 'PUT', payload: 'PK' }),
    await duet('full_control', 'machine/systemPackage', { method: 'PUT', payload: 'deb' }),
    await duet('full_control', 'machine/startPlugin', { method: 'POST', payload: 'Plugin' }),
    await duet('full_control', 'machine/./code', { method: 'POST', payload: 'M552 S0' }),
    await duet('upload', 'rr_upload?name=0:/gcodes/a.gcode', { method: 'POST', payload: 'G28\n' }),
    await duet('upload', 'machine/file/0:/gcodes/a.gcode', { method: 'PUT', payload: 'G28\n' }),
    await duet('upload', `rr_gcode?gcode=${encodeURIComponent('M32 "0:/gcodes/a.gcode"')}`),
    await octoPrintUpload(tokens.upload),
    await octoPrintUpload(tokens.full),
  ];
  for (const answer of changes) {
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json().code).toBe('SERVICE_SESSION_REQUIRED');
  }
  // A request no board answers never reaches the consent decision: the edge refuses it.
  const unknown = await duet('full_control', 'rr_gcode?gcode=M115', { method: 'POST', payload: '' });
  expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'BAD_REQUEST']);
  expect(board.lines().filter((line) => !line.includes('rr_model'))).toEqual([]);
}

beforeAll(async () => {
  // A second administrator: one person holds one token per machine.
  const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
  if (!admin) throw new Error('no demo administrator');
  const { id: _id, ...columns } = admin;
  await t.database.db.insert(users).values({ ...columns, email: 'admin2@demo.test' });
  sessions = {
    ...(await t.sessionsFor('admin', 'manager', 'customer')),
    admin2: await t.tokenFor('admin2@demo.test'),
  };
  await board.connect(machine.controllerId);
  tokens.full = await t.slicerToken('admin@demo.test', machine.controllerId, { full_control: true });
  tokens.upload = await t.slicerToken('admin2@demo.test', machine.controllerId);
  // Both tokens work while consent is off, so each grant is fresh in the cache when it is turned on.
  expect((await duet('full_control', 'rr_gcode?gcode=M115')).statusCode).toBe(200);
  expect((await duet('upload', 'rr_model?key=state')).statusCode).toBe(200);
  expect((await octoPrintUpload(tokens.upload)).statusCode).toBe(201);
  const on = await call(sessions.manager, 'PUT', `/api/v1/business/${machine.businessId}/service-consent`, {
    required: true,
  });
  expect(on.statusCode).toBe(200);
});
beforeEach(() => {
  board.forget();
});

describe("outside staff's slicer tokens made before consent was required", () => {
  it('change nothing without a service session, on the Duet face and the OctoPrint face', async () => {
    await expectChangesRefused();
  });

  it('still read the machine', async () => {
    expect((await duet('full_control', 'rr_model?key=state')).statusCode).toBe(200);
    expect((await duet('upload', 'rr_model?key=state')).statusCode).toBe(200);
    expect((await duet('full_control', 'rr_filelist?dir=0:/gcodes')).statusCode).toBe(200);
    expect((await duet('full_control', 'machine/directory/0:/gcodes')).statusCode).toBe(200);
    expect((await duet('full_control', 'rr_download?name=0:/sys/config.g')).statusCode).toBe(200);
    const printer = await t.app.inject({
      url: `/customer/api/v1/octoprint/${machine.controllerId}/api/printer`,
      headers: { 'x-api-key': tokens.upload },
    });
    expect(printer.statusCode).toBe(200);
  });

  it('change the machine during an accepted service session, and no longer once it ends', async () => {
    const ticket = await call(sessions.customer, 'POST', '/api/v1/tickets', {
      title: 'Please look at it',
      machine: machine.groupId,
      content: 'From the slicer.',
    });
    expect(ticket.statusCode).toBe(201);
    const ids: number[] = [];
    for (const requester of [sessions.admin, sessions.admin2]) {
      const asked = await call(requester, 'POST', `/api/v1/tickets/${ticket.json().id}/service-sessions`, {
        reason: 'Slicer test',
        hours: 1,
      });
      expect(asked.statusCode).toBe(201);
      const id = asked.json().id as number;
      const decided = await call(sessions.manager, 'POST', `/api/v1/service-sessions/${id}/decision`, {
        accept: true,
      });
      expect(decided.statusCode).toBe(200);
      ids.push(id);
    }
    expect((await duet('full_control', 'rr_gcode?gcode=M115')).statusCode).toBe(200);
    expect((await octoPrintUpload(tokens.upload)).statusCode).toBe(201);
    expect(board.lines().filter((line) => !line.includes('rr_model'))).toEqual([
      'GET /board/rr_gcode?gcode=M115',
      'POST /board/rr_upload?name=0:/gcodes/cube.gcode',
      'GET /board/rr_gcode?gcode=M32 "0:/gcodes/cube.gcode"',
    ]);
    board.forget();
    for (const id of ids) {
      expect((await call(sessions.manager, 'POST', `/api/v1/service-sessions/${id}/end`)).statusCode).toBe(
        200,
      );
    }
    await expectChangesRefused();
  });
});
