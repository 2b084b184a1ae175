import { createReadStream } from 'node:fs';
import { idParamsSchema } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import { errorResponses } from '../../shared/openapi.ts';
import { OCTOPRINT_VERSION, octoPrintUploadOf } from './octoprint.mapper.ts';
import { isTrue, type OctoPrintService, octoPrintApiKey, type SlicerClient } from './octoprint.service.ts';
import { type SpoolLimits, spoolUpload } from './octoprint-upload.ts';
import type { SlicerAccessService } from './slicer-access.service.ts';
import type { SlicerDestinations, SlicerStored } from './slicer-destinations.ts';

export interface OctoPrintRoutesOptions extends Record<string, unknown> {
  service: SlicerAccessService;
  /** Where a library or queue token's uploads go. */
  destinations: SlicerDestinations;
  octoPrint: OctoPrintService;
  /** How large an upload may be, and where it is spooled. */
  spool: SpoolLimits;
}

const PREFIX = '/customer/api/v1/octoprint/:id';
const tags = ['slicer access'];

/**
 * An OctoPrint-compatible face of the same token (beyond docs/product.md):
 * `{host}/customer/api/v1/octoprint/{id}/` with the token as API key, so OrcaSlicer, SuperSlicer and the
 * slicers' OctoPrint connections upload and print too. Both levels may use it: everything it does (upload
 * into 0:/gcodes, M32, status) is within upload-and-print.
 */
export async function octoPrintRoutes(app: FastifyInstance, options: OctoPrintRoutesOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const { octoPrint } = options;
  const authorize = (request: FastifyRequest<{ Params: { id: number } }>) =>
    options.service.authorize(octoPrintApiKey(request), request.params.id, 'any');

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
      const state = await octoPrint.state(await authorize(request), clientOf(request));
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
      const state = await octoPrint.state(await authorize(request), clientOf(request));
      return { state: { text: state.text, flags: state.flags }, temperature: {} };
    },
  );

  typed.get(
    `${PREFIX}/api/job`,
    { schema: { ...read, tags, summary: 'OctoPrint: current job' } },
    async (request) => {
      return octoPrint.job(await authorize(request), clientOf(request));
    },
  );

  typed.post(
    `${PREFIX}/api/files/local`,
    {
      schema: {
        params: idParamsSchema,
        tags,
        summary: 'OctoPrint: upload into 0:/gcodes, and print it when `print` is true',
        description:
          'The spooled file is read line by line as the customer path reads G-code before anything goes to the ' +
          'board: a line for the admin path (firmware, network, configuration) is 403 ADMIN_PATH_ONLY, and ' +
          'nothing is stored or started. Without control (consent, no service session) 403 ' +
          'SERVICE_SESSION_REQUIRED before the body is read. A library token stores the file in the library ' +
          'below its folder and `path` (and queues it on this machine when `print` is true), a queue token ' +
          'stores and queues it on its target; `select` does nothing there, and a file of that name is ' +
          'replaced, unless a queued job that has not finished uses it (409).',
        response: {
          201: octoPrintAnswer,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 502, 503, 504, 507),
        },
      },
    },
    async (request, reply) => {
      const grant = await authorize(request);
      if (grant.destination.kind !== 'machine') {
        const upload = await spoolUpload(request, options.spool);
        let stored: SlicerStored;
        try {
          const place = octoPrintPlace(upload.filename, upload.fields.get('path'));
          const print = isTrue(upload.fields.get('print'));
          stored = await options.destinations.store(
            grant,
            place,
            createReadStream(upload.file),
            upload.size,
            { print, address: request.ip },
          );
        } finally {
          // Gone before the answer: the client may look at once.
          await upload.discard();
        }
        const { folder, name } = stored.file;
        const relative = folder ? `${folder}/${name}` : name;
        const answer = { filename: name, relative, print: false, select: false };
        return reply.code(201).send(octoPrintUploadOf(answer, request.url.split('?')[0] as string));
      }
      // An upload is a change: refused before a byte is spooled when the grant has no control (consent), closing
      // the connection as the spool's own refusals do, rather than reading a body refused anyway.
      if (!grant.control.allowed) {
        throw new AppError('SERVICE_SESSION_REQUIRED', undefined, { headers: { connection: 'close' } });
      }
      const upload = await spoolUpload(request, options.spool);
      try {
        const resourceBase = request.url.split('?')[0] as string;
        return reply.code(201).send(await octoPrint.upload(grant, clientOf(request), upload, resourceBase));
      } finally {
        await upload.discard();
      }
    },
  );
}

/** The library place of an OctoPrint upload: the folders of its `path` field, and its file name. */
function octoPrintPlace(filename: string, path: string | undefined) {
  if (filename.includes('/')) throw new AppError('BAD_REQUEST', 'The file name must not hold a folder');
  return { folders: (path ?? '').split('/').filter((part) => part !== ''), name: filename };
}

const clientOf = (request: FastifyRequest): SlicerClient => ({ incoming: request.raw, address: request.ip });
