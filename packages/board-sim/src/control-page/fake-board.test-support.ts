import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { ObjectModel } from '@duet3d/objectmodel';

/**
 * A stand-in for a standalone board behind a proxy prefix, answering just the rr_* requests the
 * official PollConnector makes and serving the control page's files under that prefix.
 */
export interface FakeBoard {
  readonly url: string;
  /** Every request target received, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

interface FakeBoardOptions {
  prefix: string;
  files: ReadonlyMap<string, Uint8Array>;
}

function initialModel(): Record<string, unknown> {
  const model = JSON.parse(JSON.stringify(new ObjectModel())) as Record<string, Record<string, unknown>>;
  model.network = { ...model.network, name: 'Test printer' };
  model.state = { ...model.state, status: 'processing', upTime: 100 };
  model.job = { ...model.job, file: { fileName: '0:/gcodes/cube.gcode', size: 1000 }, filePosition: 420 };
  model.heat = {
    ...model.heat,
    heaters: [
      { current: 60.2, active: 60, standby: 0, state: 'active' },
      { current: 210.4, active: 210, standby: 150, state: 'active' },
    ],
  };
  return model;
}

const REPLIES: Record<string, string> = { M115: 'FIRMWARE_NAME: RepRapFirmware (fake)' };

export async function startFakeBoard({ prefix, files }: FakeBoardOptions): Promise<FakeBoard> {
  const model = initialModel();
  const seqs = { reply: 0, state: 0, job: 0, heat: 0 };
  let pendingReply = '';
  const requests: string[] = [];

  const server: Server = createServer((request, response) => {
    const target = request.url ?? '/';
    requests.push(target);
    const url = new URL(target, 'http://board');
    const json = (body: unknown) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      response.end(JSON.stringify(body));
    };
    if (!url.pathname.startsWith(prefix)) {
      response.writeHead(404).end();
      return;
    }
    const name = url.pathname.slice(prefix.length);
    const query = url.searchParams;
    switch (name) {
      case 'rr_connect':
        return json({
          err: 0,
          sessionTimeout: 8000,
          boardType: 'duet3mb6hc102',
          apiLevel: 2,
          sessionKey: 1234,
        });
      case 'rr_disconnect':
        return json({ err: 0 });
      case 'rr_model': {
        const key = query.get('key') ?? '';
        const flags = query.get('flags') ?? '';
        if (key === 'seqs') return json({ key, flags, result: seqs });
        if (key === '') {
          const { state, job, heat } = model;
          return json({ key, flags, result: { state, job, heat, seqs } });
        }
        const result = model[key] ?? null;
        return json(Array.isArray(result) ? { key, flags, result, next: 0 } : { key, flags, result });
      }
      case 'rr_gcode': {
        const code = (query.get('gcode') ?? '').trim();
        if (code === 'M25') model.state = { ...(model.state as object), status: 'paused' };
        seqs.state += 1;
        pendingReply += `${REPLIES[code] ?? ''}\n`;
        seqs.reply += 1;
        return json({ buff: 255 });
      }
      case 'rr_reply': {
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        response.end(pendingReply);
        pendingReply = '';
        return;
      }
    }
    // Web files, as a board serves 0:/www: the gzipped variant first, index.html for paths without a dot.
    const file = name === '' || !name.includes('.') ? 'index.html' : name;
    const gzipped = files.get(`${file}.gz`);
    const plain = files.get(file);
    const type = file.endsWith('.js')
      ? 'application/javascript'
      : file.endsWith('.css')
        ? 'text/css'
        : 'text/html';
    if (gzipped) {
      response.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip' }).end(gzipped);
    } else if (plain) {
      response.writeHead(200, { 'Content-Type': type }).end(plain);
    } else {
      response.writeHead(404).end('page not found');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The fake board is not on a TCP port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
