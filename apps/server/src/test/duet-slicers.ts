import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/**
 * PrusaSlicer's Duet host and Cura's Duet RRF plugin, replayed request for request (docs/duet-http.md §4.2, §4.3,
 * from PrusaSlicer's `src/slic3r/Utils/Duet.cpp` and `PrintHost.cpp` and the plugin's `DuetRRFOutputDevice.py`):
 * each request written as the client writes it, each answer read as the client reads it, the next step taken only
 * when the client would take it, and what the slicer then shows its user. Only the RRF path: both clients reach
 * DSF's only when `rr_connect` fails.
 */

/** What the user asked of the slicer: send the file, send and print it, send and simulate it. */
export type SlicerAction = 'upload' | 'print' | 'simulate';

export interface SlicerRun {
  /** Whether the slicer reports success. */
  ok: boolean;
  /** What the slicer shows: its failure message (PrusaSlicer: `HTTP <status>: <body>`), or its success note. */
  shown: string;
  /** Each request's method, route and status, in order: `GET rr_connect 200`. */
  requests: string[];
}

/** The answer as a client has it. */
interface Answer {
  status: number;
  body: string;
}

const TIME = '2026-11-21T10:00:00';
/** Polls of a simulation's status before the replay gives up (the plugin itself polls for ever). */
const MAX_POLLS = 100;

/** libcurl's `curl_easy_escape`, which PrusaSlicer's `Http::url_encode` is: only unreserved characters stay. */
const curlEscape = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Python's `urllib.parse.quote` with its default `safe='/'`, as the plugin's `urlencode(…, quote_via=quote)`. */
const pythonQuote = (text: string) => curlEscape(text).replace(/%2F/g, '/');

class Replay {
  readonly requests: string[] = [];
  readonly #app: FastifyInstance;
  readonly #base: string;
  readonly #headers: Record<string, string>;

  constructor(app: FastifyInstance, base: string, headers: Record<string, string>) {
    this.#app = app;
    this.#base = base;
    this.#headers = headers;
  }

  async send(method: 'GET' | 'POST', target: string, body?: string, headers: Record<string, string> = {}) {
    const answer = await this.#app.inject({
      method,
      url: `${this.#base}${target}`,
      headers: { ...this.#headers, ...headers },
      ...(body !== undefined && { payload: body }),
    });
    this.requests.push(`${method} ${target.split('?')[0]} ${answer.statusCode}`);
    return { status: answer.statusCode, body: answer.body } satisfies Answer;
  }
}

/** A JSON answer's `err`, as PrusaSlicer's `get_err_code_from_body` reads it: missing is 0, not JSON -1. */
function errOf(body: string): number {
  try {
    const err = (JSON.parse(body) as { err?: unknown }).err;
    return err === undefined ? 0 : Number(err);
  } catch {
    return -1;
  }
}

/** PrusaSlicer's `PrintHost::format_error` for an HTTP failure. */
const httpError = ({ status, body }: Answer) => `HTTP ${status}: ${body}`;

/**
 * PrusaSlicer's Duet host (`Duet::upload`): connect, upload with its CRC32 (newer sources send it), print or
 * simulate when asked and the upload's `err` is 0, and disconnect whatever happened. `arrives`, when given, is
 * what reaches the portal of a transfer that changed `content` on the way: the CRC32 sent is still `content`'s.
 */
export async function prusaSlicer(
  app: FastifyInstance,
  base: string,
  {
    name,
    content,
    action,
    arrives = content,
  }: { name: string; content: string; action: SlicerAction; arrives?: string },
): Promise<SlicerRun> {
  const replay = new Replay(app, base, { 'user-agent': 'PrusaSlicer/2.9.4' });
  const done = (ok: boolean, shown: string) => ({ ok, shown, requests: replay.requests });
  const connect = await replay.send('GET', `rr_connect?password=reprap&time=${TIME}`);
  if (connect.status >= 400) {
    // Its DSF probe: only a failing one is replayed.
    const dsf = await replay.send('GET', 'machine/connect?password=reprap');
    if (dsf.status < 400) throw new Error('the DSF path is not replayed');
    return done(false, httpError(dsf));
  }
  if (errOf(connect.body) !== 0) return done(false, `Could not connect: ${connect.body}`);
  const checksum = crc32(Buffer.from(content)).toString(16);
  const upload = await replay.send(
    'POST',
    `rr_upload?name=0:/gcodes/${curlEscape(name)}&time=${TIME}&crc32=${checksum}`,
    arrives,
    {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(arrives)),
    },
  );
  let outcome = done(true, 'Upload finished');
  if (upload.status >= 400) outcome = done(false, httpError(upload));
  else if (errOf(upload.body) !== 0) outcome = done(false, `Unknown error occured: ${upload.body}`);
  else if (action !== 'upload') {
    const code = action === 'print' ? 'M32%20"0:/gcodes/' : 'M37%20P"0:/gcodes/';
    const started = await replay.send('GET', `rr_gcode?gcode=${code}${curlEscape(name)}"`);
    // Any answer below 400 is success; its body is not read.
    if (started.status >= 400) outcome = done(false, httpError(started));
  }
  // Errors of the disconnect are only logged.
  await replay.send('GET', 'rr_disconnect');
  return { ...outcome, requests: replay.requests };
}

/**
 * Cura's Duet RRF plugin: connect (its answer not read), upload, then the print's `M32` or the simulation's
 * `M37 P`, `rr_status?type=3` until the status is neither `P` nor `M`, `M37`, and `rr_reply`, whose text it shows;
 * `rr_disconnect` at the end. Any answer of 400 or more stops it with Qt's "network error", which names only the
 * status, not the body. The plugin's waits (2 s, then 1 s between polls) are left out.
 */
export async function cura(
  app: FastifyInstance,
  base: string,
  {
    name,
    content,
    action,
    basic,
  }: { name: string; content: string; action: SlicerAction; basic?: `${string}:${string}` },
): Promise<SlicerRun> {
  const replay = new Replay(app, base, {
    'user-agent': 'Cura Plugin DuetRRF',
    accept: 'application/json, text/javascript',
    connection: 'keep-alive',
    // Sent on every request when the plugin's HTTP Basic user and password are set.
    ...(basic && { authorization: `Basic ${Buffer.from(basic).toString('base64')}` }),
  });
  const failed = (answer: Answer) => ({
    ok: false,
    shown: `There was a network error: HTTP ${answer.status}`,
    requests: replay.requests,
  });
  const succeeded = async (shown: string) => {
    await replay.send('GET', 'rr_disconnect');
    return { ok: true, shown, requests: replay.requests };
  };
  const gcode = (code: string) => replay.send('GET', `rr_gcode?gcode=${pythonQuote(code)}`);
  const connect = await replay.send('GET', `rr_connect?password=&time=${pythonQuote(TIME)}`);
  if (connect.status >= 400) return failed(connect);
  const upload = await replay.send(
    'POST',
    `rr_upload?name=${pythonQuote(`0:/gcodes/${name}`)}&time=${pythonQuote(TIME)}`,
    content,
    { 'content-type': 'application/octet-stream', 'content-length': String(Buffer.byteLength(content)) },
  );
  if (upload.status >= 400) return failed(upload);
  if (action === 'upload') return succeeded(`Uploaded file: ${name}`);
  if (action === 'print') {
    const started = await gcode(`M32 "0:/gcodes/${name}"`);
    return started.status >= 400 ? failed(started) : succeeded(`Print started: ${name}`);
  }
  const simulating = await gcode(`M37 P"0:/gcodes/${name}"`);
  if (simulating.status >= 400) return failed(simulating);
  for (let polls = 0; ; polls++) {
    if (polls === MAX_POLLS) throw new Error('the simulation never ended');
    const status = await replay.send('GET', 'rr_status?type=3');
    if (status.status >= 400) return failed(status);
    if (!['P', 'M'].includes((JSON.parse(status.body) as { status: string }).status)) break;
  }
  const ended = await gcode('M37');
  if (ended.status >= 400) return failed(ended);
  const reply = await replay.send('GET', 'rr_reply');
  if (reply.status >= 400) return failed(reply);
  return succeeded(`Simulation finished!\n\n${reply.body.trim()}`);
}
