import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { useRecordingBoard } from '../../test/fake-gateway.ts';
import { octoPrintForm, postOctoPrintForm } from '../../test/octoprint-form.ts';

const t = useTestApp({ proxyTimeoutMs: 2000 });
/** The machine's board, printing. */
const board = useRecordingBoard(t, { modelStatus: 'processing' });
const { received } = board;
let controllerId = 0;
let token = '';

beforeAll(async () => {
  controllerId = (await t.demoGroup('Prusa linea 1')).computerControllerId;
  await board.connect(controllerId);
  token = await t.slicerToken('customer@demo.test', controllerId);
});

const base = () => `/customer/api/v1/octoprint/${controllerId}`;

/** PrusaSlicer's OctoPrint upload: `print`, `path`, then the file, as multipart form data with curl's boundary. */
const prusaSlicerForm = (print: boolean, path = '') =>
  octoPrintForm(
    'cube.gcode',
    'G28\r\nG1 X10\r\n',
    { print: String(print), path },
    { boundary: '------------------------a1b2c3' },
  );

describe('the OctoPrint face of a slicer token', () => {
  it('answers /api/version as OctoPrint does, with the key in X-Api-Key only', async () => {
    const version = await t.app.inject({ url: `${base()}/api/version`, headers: { 'x-api-key': token } });
    expect(version.statusCode).toBe(200);
    expect(version.json().text).toMatch(/^OctoPrint /);
    const inQuery = await t.app.inject({ url: `${base()}/api/version?apikey=${token}` });
    expect(inQuery.statusCode).toBe(401);
    expect((await t.app.inject({ url: `${base()}/api/version` })).statusCode).toBe(401);
    const forged = await t.app.inject({
      url: `${base()}/api/version`,
      headers: { 'x-api-key': `${token}x` },
    });
    expect(forged.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("uploads PrusaSlicer's file into 0:/gcodes and starts it when print is true", async () => {
    board.forget();
    const response = await postOctoPrintForm(t.app, controllerId, token, prusaSlicerForm(true));
    expect(response.statusCode, `${response.body} ${JSON.stringify(received)}`).toBe(201);
    expect(response.json()).toMatchObject({
      done: true,
      effectivePrint: true,
      files: { local: { name: 'cube.gcode' } },
    });
    expect(received.map(({ path }) => decodeURIComponent(path))).toEqual([
      '/board/rr_upload?name=0:/gcodes/cube.gcode',
      '/board/rr_gcode?gcode=M32 "0:/gcodes/cube.gcode"',
    ]);
    expect(received[0]?.body).toBe('G28\r\nG1 X10\r\n');
  });

  it('refuses a path outside 0:/gcodes and reports the printer state', async () => {
    const outside = await postOctoPrintForm(t.app, controllerId, token, prusaSlicerForm(false, '../sys'));
    expect(outside.statusCode).toBe(400);
    const printer = await t.app.inject({ url: `${base()}/api/printer`, headers: { 'x-api-key': token } });
    expect(printer.json().state).toMatchObject({ text: 'Printing', flags: { printing: true } });
  });
});
