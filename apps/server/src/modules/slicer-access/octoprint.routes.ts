import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { idParamsSchema } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import { errorResponses } from '../../shared/openapi.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { type RelayRequest, relay } from '../machine-proxy/board-relay.ts';
import { spoolUpload } from './octoprint-upload.ts';
import type { SlicerAccessService, SlicerGrant } from './slicer-access.service.ts';
import { inGcodes } from './slicer-scope.ts';

export interface OctoPrintRoutesOptions extends Record<string, unknown> {
  registry: TunnelRegistry;
  service: SlicerAccessService;
  timeoutMs: number;
}

/** The OctoPrint version slicers are told (PrusaSlicer checks that `text` starts with "OctoPrint"). */
const OCTOPRINT_VERSION = '1.10.0';
const PREFIX = '/customer/api/v1/octoprint/:id';
const tags = ['slicer access'];

/** The API key of an OctoPrint client: `X-Api-Key`, or `Authorization: Bearer`; never a query string. */
function apiKeyOf(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  if (query && Object.hasOwn(query, 'apikey')) {
    throw new AppError('UNAUTHENTICATED', 'The API key is never accepted in a query string; send X-Api-Key');
  }
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
  if (bearer?.[1]) return bearer[1];
  throw new AppError('UNAUTHENTICATED', 'Send the token as X-Api-Key');
}

async function readJson(body: Readable): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const isTrue = (value: string | undefined) => value === 'true' || value === '1' || value === 'yes';

/** OctoPrint's `state.flags` and text from the board's `state.status` (duet/http-api.md §3.4). */
function printerState(status: string) {
  const printing = ['processing', 'simulating', 'busy'].includes(status);
  const paused = ['paused', 'pausing', 'resuming'].includes(status);
  const error = status === 'halted' || status === 'off';
  const text = error ? 'Error' : printing ? 'Printing' : paused ? 'Paused' : 'Operational';
  return {
    text,
    flags: {
      operational: !error,
      printing,
      paused,
      pausing: status === 'pausing',
      cancelling: false,
      sdReady: true,
      error,
      ready: !error && !printing && !paused,
      closedOrError: error,
    },
  };
}

/**
 * An OctoPrint-compatible face of the same token (beyond the specification): `{host}/customer/api/v1/octoprint/{id}/`
 * with the token as API key, so OrcaSlicer, SuperSlicer and the slicers' OctoPrint connections upload and print too.
 * Both levels may use it: everything it does (upload into 0:/gcodes, M32, status) is within upload-and-print.
 */
export async function octoPrintRoutes(app: FastifyInstance, options: OctoPrintRoutesOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const authorize = (request: FastifyRequest<{ Params: { id: number } }>) =>
    options.service.authorize(apiKeyOf(request), request.params.id, 'any');

  const toBoard = async (
    request: FastifyRequest,
    grant: SlicerGrant,
    method: string,
    path: string,
    body?: RelayRequest['body'],
  ) => {
    const answer = await relay(options.registry, {
      controllerId: grant.controllerId,
      target: 'board',
      method,
      path,
      incoming: request.raw,
      timeoutMs: options.timeoutMs,
      ...(body && { body }),
    });
    return { status: answer.status, json: await readJson(answer.body) };
  };

  const stateOf = async (request: FastifyRequest, grant: SlicerGrant) => {
    const { json } = await toBoard(request, grant, 'GET', '/rr_model?key=state&flags=d99fn');
    const result = (json.result ?? {}) as { status?: string };
    return printerState(result.status ?? 'idle');
  };

  /** OctoPrint's own answer shapes, passed as they are. */
  const octoPrintAnswer = z.looseObject({});
  const read = {
    params: idParamsSchema,
    response: { 200: octoPrintAnswer, ...errorResponses(401, 403, 404, 502, 503, 504) },
  };

  typed.get(
    `${PREFIX}/api/version`,
    { schema: { ...read, tags, summary: 'OctoPrint: version' } },
    async (request) => {
      await authorize(request);
      return { api: '0.1', server: OCTOPRINT_VERSION, text: `OctoPrint ${OCTOPRINT_VERSION}` };
    },
  );

  typed.get(
    `${PREFIX}/api/server`,
    { schema: { ...read, tags, summary: 'OctoPrint: server' } },
    async (request) => {
      await authorize(request);
      return { version: OCTOPRINT_VERSION, safemode: null };
    },
  );

  typed.get(
    `${PREFIX}/api/connection`,
    { schema: { ...read, tags, summary: 'OctoPrint: connection' } },
    async (request) => {
      const state = await stateOf(request, await authorize(request));
      return {
        current: { state: state.text, port: 'portal', baudrate: 0, printerProfile: '_default' },
        options: { ports: ['portal'], baudrates: [], printerProfiles: [{ id: '_default', name: 'Duet' }] },
      };
    },
  );

  typed.get(
    `${PREFIX}/api/printer`,
    { schema: { ...read, tags, summary: 'OctoPrint: printer state' } },
    async (request) => {
      const state = await stateOf(request, await authorize(request));
      return { state: { text: state.text, flags: state.flags }, temperature: {} };
    },
  );

  typed.get(
    `${PREFIX}/api/job`,
    { schema: { ...read, tags, summary: 'OctoPrint: current job' } },
    async (request) => {
      const grant = await authorize(request);
      const state = await stateOf(request, grant);
      const { json } = await toBoard(request, grant, 'GET', '/rr_model?key=job&flags=d99fn');
      const job = (json.result ?? {}) as {
        file?: { fileName?: string | null; size?: number };
        filePosition?: number;
        duration?: number | null;
        timesLeft?: { file?: number | null };
      };
      const size = job.file?.size ?? 0;
      const name = job.file?.fileName ?? null;
      return {
        job: { file: { name: name?.split('/').at(-1) ?? null, origin: 'local', path: name, size } },
        progress: {
          completion: size > 0 && name ? ((job.filePosition ?? 0) / size) * 100 : null,
          filepos: job.filePosition ?? null,
          printTime: job.duration ?? null,
          printTimeLeft: job.timesLeft?.file ?? null,
        },
        state: state.text,
      };
    },
  );

  typed.post(
    `${PREFIX}/api/files/local`,
    {
      schema: {
        params: idParamsSchema,
        tags,
        summary: 'OctoPrint: upload into 0:/gcodes, and print it when `print` is true',
        response: { 201: octoPrintAnswer, ...errorResponses(400, 401, 403, 404, 415, 502, 503, 504) },
      },
    },
    async (request, reply) => {
      const grant = await authorize(request);
      const upload = await spoolUpload(request);
      try {
        const folder = (upload.fields.get('path') ?? '').replace(/^\/+|\/+$/g, '');
        const relative = folder ? `${folder}/${upload.filename}` : upload.filename;
        const target = `0:/gcodes/${relative}`;
        if (upload.filename.includes('/') || !inGcodes(target)) {
          throw new AppError('BAD_REQUEST', 'The file name must stay inside 0:/gcodes');
        }
        const uploaded = await toBoard(
          request,
          grant,
          'POST',
          `/rr_upload?name=${encodeURIComponent(target)}`,
          {
            content: createReadStream(upload.file),
            length: upload.size,
            contentType: 'application/octet-stream',
          },
        );
        if (uploaded.status !== 200 || (uploaded.json.err ?? 0) !== 0) {
          throw new AppError('BAD_REQUEST', 'The board did not take the file');
        }
        const print = isTrue(upload.fields.get('print'));
        if (print) {
          const started = await toBoard(
            request,
            grant,
            'GET',
            `/rr_gcode?gcode=${encodeURIComponent(`M32 "${target}"`)}`,
          );
          if (started.status !== 200) throw new AppError('BAD_REQUEST', 'The board did not start the print');
        }
        return reply.code(201).send({
          done: true,
          effectiveSelect: print || isTrue(upload.fields.get('select')),
          effectivePrint: print,
          files: {
            local: {
              name: upload.filename,
              path: relative,
              origin: 'local',
              refs: { resource: `${request.url.split('?')[0]}/${relative}` },
            },
          },
        });
      } finally {
        await upload.discard();
      }
    },
  );
}
