import type { RunningWebcam } from '@portal/board-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';
import { controllerOf, issueGatewayKey, logIn, logOut, type Session } from '../test-kit/portal-api.ts';
import { countFrames, exchange, within } from '../test-kit/streams.ts';
import { Rig } from './support/rig.ts';

/**
 * A machine's webcam through the portal's relay, viewed as an `<img>` does: the stream's URL carries the webcam
 * token. Sessions last 10 s here (the shortest the portal allows), so a session's end is seen within a test.
 */

const SESSION_TTL_S = 10;
/** A stream must end this soon after its session does. */
const ENDS_WITHIN_MS = 10_000;

let portal: RunningPortal;
const rig = new Rig();
let controller: number;
let webcam: RunningWebcam;

beforeAll(async () => {
  portal = await startPortal({ SESSION_TTL: String(SESSION_TTL_S) });
  const admin = await logIn(portal, 'admin@demo.test');
  controller = await controllerOf(portal, admin, 'Prusa linea 1');
  const board = await rig.board({ name: 'Prusa linea 1' });
  webcam = await rig.webcam({ fps: 20 });
  const key = await issueGatewayKey(portal, admin, controller);
  await rig.gateway({ server: portal.url, controller, key, board: board.url, webcam: webcam.url });
});

afterAll(async () => {
  await rig.close();
  await portal?.stop();
});

const streamUrl = (session: Session) =>
  `${portal.machineUrl(controller)}/proxy/webcam/${controller}/?action=stream&token=${session.videoToken}`;

/** A viewer of the stream, once its first frames have arrived. */
async function watch(session: Session) {
  const viewer = exchange(streamUrl(session));
  const frames = countFrames(viewer);
  expect((await viewer.response).statusCode).toBe(200);
  await vi.waitFor(() => expect(frames()).toBeGreaterThanOrEqual(2));
  return { viewer, frames };
}

describe("the webcam relay's viewers", () => {
  it("keeps a fast viewer at the camera's pace while a slow one reads nothing, over one upstream", async () => {
    const customer = await logIn(portal, 'customer@demo.test');
    const fast = await watch(customer);
    const slow = await watch(customer);
    expect(webcam.viewers).toBe(1);

    slow.viewer.pause();
    const producedAtPause = webcam.stats.framesProduced;
    const fastAtPause = fast.frames();
    await vi.waitFor(() => expect(fast.frames() - fastAtPause).toBeGreaterThanOrEqual(40), {
      timeout: 8_000,
    });
    // Every frame the camera made meanwhile reached the fast viewer (give or take the ones on their way).
    expect(fast.frames() - fastAtPause).toBeGreaterThanOrEqual(
      webcam.stats.framesProduced - producedAtPause - 3,
    );

    const slowAtResume = slow.frames();
    slow.viewer.resume();
    await vi.waitFor(() => expect(slow.frames()).toBeGreaterThan(slowAtResume));
    fast.viewer.request.destroy();
    slow.viewer.request.destroy();
    await vi.waitFor(() => expect(webcam.viewers).toBe(0));
  });

  it('ends a stream soon after its viewer logs out', async () => {
    const customer = await logIn(portal, 'customer@demo.test');
    const { viewer } = await watch(customer);
    await logOut(portal, customer);
    const end = await within(ENDS_WITHIN_MS, 'the stream after logout', viewer.ended);
    expect(end.complete).toBe(false);
    expect((await fetch(streamUrl(customer))).status).toBe(401);
  });

  it('ends a stream soon after its session expires', async () => {
    const loggedInAt = Date.now();
    const customer = await logIn(portal, 'customer@demo.test');
    const { viewer } = await watch(customer);
    const expiresIn = loggedInAt + SESSION_TTL_S * 1000 - Date.now();
    const end = await within(
      expiresIn + ENDS_WITHIN_MS,
      'the stream after its session expired',
      viewer.ended,
    );
    expect(end.complete).toBe(false);
    expect(Date.now()).toBeGreaterThanOrEqual(loggedInAt + SESSION_TTL_S * 1000);
  });

  it('does not keep the portal from stopping: SIGTERM ends the stream and the process', async () => {
    const { viewer } = await watch(await logIn(portal, 'customer@demo.test'));
    expect(await within(ENDS_WITHIN_MS, 'the portal stopping', portal.terminate())).toBe(0);
    expect((await viewer.ended).complete).toBe(false);
  });
});
