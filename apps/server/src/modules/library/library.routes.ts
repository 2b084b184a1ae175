import {
  idParamsSchema,
  libraryCopyFromMachineSchema,
  libraryFileMoveSchema,
  libraryFileSchema,
  libraryFolderCreateSchema,
  libraryFolderQuerySchema,
  libraryListingSchema,
  libraryListQuerySchema,
  libraryUploadQuerySchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../shared/attachment.ts';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { LibraryService } from './library.service.ts';

const tags = ['library'];

const whose =
  'Customers and managers use their own business’s library; administrators and technicians any business’s, ' +
  'named by `business` (their own by default). Another business’s file or folder answers 404.';

/** The activity record keeps a file's upload and deletion under its business, with its folder and name. */
const recordFile = (request: FastifyRequest, file: { business: number; folder: string; name: string }) => {
  request.activitySubject = { controllerId: null, businessId: file.business, ticketId: null };
  request.activityDetail = { folder: file.folder, name: file.name };
};

/** The request's declared length, when it declares one (a chunked body does not). */
const declaredLength = (request: FastifyRequest): number | undefined => {
  const header = request.headers['content-length'];
  return header === undefined || !/^\d{1,15}$/.test(header) ? undefined : Number(header);
};

/** The business's print library (docs/design.md §13). */
export const libraryRoutes: FastifyPluginAsyncZod<{ service: LibraryService }> = async (app, { service }) => {
  app.get(
    '/api/v1/library',
    {
      schema: {
        tags,
        summary: 'A folder of the library: its folders and a page of its files, or the files found by name',
        description: `${whose} With \`q\`, the files of every folder whose name holds it (no folders).`,
        querystring: libraryListQuerySchema,
        response: { 200: libraryListingSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.list(sessionOf(request), request.query),
  );

  // The upload's body is the file itself, streamed: no parser reads it.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));
    raw.post(
      '/api/v1/library/files',
      {
        schema: {
          tags,
          summary: 'Uploads a G-code file into a folder of the library (the body is the file)',
          description:
            `${whose} Each line is checked as the customer path checks an upload: a line only the admin path may ` +
            'send is 403 `ADMIN_PATH_ONLY`, a file larger than the limit 413, a name the folder already has 409; ' +
            'then nothing is stored. Missing folders are created.',
          querystring: libraryUploadQuerySchema,
          response: { 201: libraryFileSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
        },
      },
      async (request, reply) => {
        try {
          const { file } = await service.upload(
            sessionOf(request),
            request.query,
            request.raw,
            declaredLength(request),
          );
          recordFile(request, file);
          return reply.code(201).send(file);
        } finally {
          // What a refusal left unread is read and dropped, so that the client gets the answer.
          if (!request.raw.complete) request.raw.resume();
        }
      },
    );
  });

  app.post(
    '/api/v1/library/files/from-machine',
    {
      schema: {
        tags,
        summary: 'Copies a file of a machine’s board into the library',
        description:
          `${whose} The machine must be one the caller reaches and of the same business; its file is read as the ` +
          'file browser downloads it and checked as an upload. When the folder already has a file of that name, ' +
          'the contents are compared (SHA-256): if that file, or one of its numbered names (`part (2).gcode`, ' +
          '`part (3).gcode`, … for `part.gcode`), holds the same content, it is answered as it is with 200 and ' +
          'nothing is stored; otherwise the copy is stored under the first free numbered name, shortened before ' +
          'the number to stay within the name limit. A new file is 201, its `name` the one it got. 409 only when ' +
          'other copies took every name tried meanwhile.',
        body: libraryCopyFromMachineSchema,
        response: {
          200: libraryFileSchema,
          201: libraryFileSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 502, 503, 504),
        },
      },
    },
    async (request, reply) => {
      const { file, reused } = await service.copyFromMachine(sessionOf(request), request.body, request.raw);
      recordFile(request, file);
      return reply.code(reused ? 200 : 201).send(file);
    },
  );

  app.get(
    '/api/v1/library/files/:id',
    {
      schema: {
        tags,
        summary: 'A library file, with what its slicer wrote into it',
        description: whose,
        params: idParamsSchema,
        response: { 200: libraryFileSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.file(sessionOf(request), request.params.id),
  );

  app.get(
    '/api/v1/library/files/:id/content',
    {
      schema: {
        tags,
        summary: 'Downloads a library file',
        description: whose,
        params: idParamsSchema,
        // The file's bytes, streamed: no schema of their own.
        response: { ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const content = await service.download(sessionOf(request), request.params.id);
      return reply
        .code(200)
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(content.size))
        .header('content-disposition', attachmentDisposition(content.name))
        .send(content.stream as never);
    },
  );

  app.get(
    '/api/v1/library/files/:id/thumbnail',
    {
      schema: {
        tags,
        summary: 'The thumbnail the file’s slicer embedded (PNG or JPEG), the largest a browser shows',
        description: `${whose} A file without one answers 404.`,
        params: idParamsSchema,
        // The image's bytes: no schema of their own.
        response: { ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const thumbnail = await service.thumbnail(sessionOf(request), request.params.id);
      return reply
        .code(200)
        .header('content-type', thumbnail.format === 'png' ? 'image/png' : 'image/jpeg')
        .send(
          Buffer.from(thumbnail.data.buffer, thumbnail.data.byteOffset, thumbnail.data.byteLength) as never,
        );
    },
  );

  app.put(
    '/api/v1/library/files/:id',
    {
      schema: {
        tags,
        summary: 'Renames a library file or moves it to another folder of its business',
        description: `${whose} A name the folder already has is 409; a missing folder is created.`,
        params: idParamsSchema,
        body: libraryFileMoveSchema,
        response: { 200: libraryFileSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => service.move(sessionOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/library/files/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a library file',
        description: whose,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const file = await service.deleteFile(sessionOf(request), request.params.id);
      recordFile(request, { business: file.businessId, folder: file.folder, name: file.name });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/library/folders',
    {
      schema: {
        tags,
        summary: 'Creates a folder of the library, with every folder above it that is missing',
        description: `${whose} An existing folder is 409.`,
        body: libraryFolderCreateSchema,
        response: { 201: z.object({ path: z.string() }), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.createFolder(sessionOf(request), request.body);
      return reply.code(201).send({ path: request.body.path });
    },
  );

  app.delete(
    '/api/v1/library/folders',
    {
      schema: {
        tags,
        summary: 'Deletes an empty folder of the library',
        description: `${whose} A folder holding a file or a folder is 409.`,
        querystring: libraryFolderQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteFolder(sessionOf(request), request.query);
      return reply.code(204).send(null);
    },
  );
};
