import { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { machineGroups } from '../../db/schema.ts';
import { connectFakeGateway, type FakeGateway } from '../../test/fake-gateway.ts';
import { useTwoInstances } from '../../test/two-instances.ts';
import { framePart, MJPEG_STREAM_HEADERS } from './mjpeg.ts';
import type { FrameSink } from './webcam-hub.ts';

// Two instances of one deployment: the camera's tunnel on the first, viewers on both.
const instances = useTwoInstances();
let gateway: FakeGateway | undefined;

afterAll(async () => {
  await gateway?.disconnect();
});

describe('a camera whose tunnel another instance holds', () => {
  it('is opened once for the whole deployment: the other instance is fed from the holder', async () => {
    const jpeg = Buffer.from('\xff\xd8 a frame \xff\xd9', 'latin1');
    const { first, second } = instances;
    const [group] = await first.database.db
      .select()
      .from(machineGroups)
      .where(eq(machineGroups.name, 'Prusa linea 1'));
    const controllerId = group?.computerControllerId ?? 0;
    gateway = await connectFakeGateway(first.modules.gateway.registry, controllerId, (stream) => {
      stream.respond({ ':status': 200, ...MJPEG_STREAM_HEADERS });
      const timer = setInterval(() => {
        for (const part of framePart(jpeg)) stream.write(part);
      }, 20);
      stream.once('close', () => clearInterval(timer));
    });
    await expect.poll(() => second.modules.gateway.tunnels.isOnline(controllerId)).toBe(true);
    const viewers = [frameSink(), frameSink(), frameSink()];
    const customer = await first.idOf('customer@demo.test');
    await second.modules.webcam.hub.watch(controllerId, viewers[0] as FrameSink, customer);
    await second.modules.webcam.hub.watch(controllerId, viewers[1] as FrameSink, customer);
    await first.modules.webcam.hub.watch(controllerId, viewers[2] as FrameSink, customer);
    for (const viewer of viewers) await expect.poll(() => viewer.received().includes(jpeg)).toBe(true);
    expect(gateway?.paths.filter((path) => path === '/webcam/?action=stream')).toHaveLength(1);
    for (const viewer of viewers) viewer.destroy();
    await expect.poll(() => first.modules.webcam.hub.viewersOf(controllerId)).toBe(0);
  });
});

/** A viewer of a camera that keeps what it is sent. */
function frameSink() {
  const chunks: Buffer[] = [];
  const closed = new EventEmitter();
  let destroyed = false;
  return {
    writeHead: () => undefined,
    write: (chunk: Buffer) => chunks.push(chunk) > 0,
    writableLength: 0,
    get destroyed() {
      return destroyed;
    },
    once: (_event: 'close', listener: () => void) => closed.once('close', listener),
    destroy: () => {
      destroyed = true;
      closed.emit('close');
    },
    received: () => Buffer.concat(chunks),
  };
}
