import { slicerPortalParamsSchema } from '@portal/contract';
import { boardParam, readUploadCrc } from '@portal/duet/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import { errorResponses } from '../../shared/openapi.ts';
import { incomingBoardRequest } from '../board-client/board-client.ts';
import { ContentCrcMismatch } from '../library/library-files.ts';
import type { SlicerAccessService } from './slicer-access.service.ts';
import { CONNECTED, DONE, FAILED, IDLE_STATUS, idleModel, TAKEN } from './slicer-destination-answers.ts';
import { gcodesPlace, type SlicerDestinations } from './slicer-destinations.ts';
import { allowedGcode, fileRun } from './slicer-scope.ts';

export interface SlicerDestinationRoutesOptions extends Record<string, unknown> {
  service: SlicerAccessService;
  destinations: SlicerDestinations;
}

/** `/customer/api/v1/duet/{id}/{library|queue}/{token}`: the path segments before the slicer's own. */
const TOKEN_PREFIX_SEGMENTS = 7;

const NAME_OUTSIDE_GCODES = 'The file name must lie in 0:/gcodes';
const ONLY_UPLOADS =
  'A library or queue token takes uploads only: connect, status, rr_upload, M32, disconnect';

/** The request's declared length, when it declares one. */
const declaredLength = (request: FastifyRequest): number | undefined => {
  const header = request.headers['content-length'];
  return header === undefined || !/^\d{1,15}$/.test(header) ? undefined : Number(header);
};

/**
 * The Duet face of a token whose uploads land in the library or the queue (docs/product.md §7 "Tokens"): the
 * portal answers PrusaSlicer's and Cura's requests itself, and no board hears of them. `rr_connect` and
 * `rr_disconnect` succeed (the token is the credential, the password is ignored), `rr_status`, `rr_model` and
 * `rr_reply` answer as an idle board with nothing to say (`slicer-destination-answers.ts`), `rr_upload` stores the
 * file in the library (queued too on a queue token), replacing a file of that name as a board does, and answers
 * `{"err":0}`, `M32` of that file queues it on a library token ("upload and print"), `M37 P` of it (simulate) is
 * refused, since no machine is there to simulate it, and `M37` alone changes nothing. A refusal is the portal's
 * JSON error with its 4xx, as the machine URL's refusals are, which PrusaSlicer shows as it is, but for a body
 * without the CRC-32 its `crc32` gives (`readUploadCrc`), which gets a board's `{"err":1}`; a refused file leaves
 * nothing stored.
 */
export async function slicerDestinationRoutes(app: FastifyInstance, options: SlicerDestinationRoutesOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const segment of ['library', 'queue'] as const) {
    typed.route({
      method: ['GET', 'POST'],
      url: `/customer/api/v1/duet/:id/${segment}/:token/*`,
      schema: {
        tags: ['slicer access'],
        summary: `A slicer's Duet request with a token whose uploads go to the ${segment}`,
        description:
          '`rr_connect`, `rr_disconnect` and `GET rr_upload` succeed; `rr_status`, `rr_model` and `rr_reply` ' +
          'answer as an idle board; `POST rr_upload?name=0:/gcodes/…` stores the ' +
          "body in the machine business's library below the token's folder, replacing a file of that name (403 " +
          '`ADMIN_PATH_ONLY` for a line only the admin path may send, 409 for a file of that name a queued job ' +
          'that has not finished uses, 413 past the limit, `{"err":1}` for a body without the CRC-32 its ' +
          '`crc32` gives: nothing stored), and on a queue token queues one copy ' +
          'on its target; `rr_gcode` with `M32` of a file so uploaded queues it on this machine for a library ' +
          'token, with `M37 P` (simulate) is 403. Anything else is 403.',
        params: slicerPortalParamsSchema,
        response: {
          // JSON as a board answers, or rr_reply's text.
          200: z.union([z.looseObject({}), z.string()]),
          ...errorResponses(400, 401, 403, 404, 409, 413),
        },
      },
      handler: async (request, reply) => {
        const { id, token } = request.params;
        try {
          const grant = await options.service.authorize(token, id, segment);
          const board = incomingBoardRequest(request.method, request.raw.url ?? '', TOKEN_PREFIX_SEGMENTS);
          switch (board.route.key) {
            case 'GET /rr_connect':
              return CONNECTED;
            case 'GET /rr_disconnect':
            case 'GET /rr_upload':
              return DONE;
            case 'GET /rr_status':
              return IDLE_STATUS;
            case 'GET /rr_model':
              return idleModel(boardParam(board, 'key') ?? '', boardParam(board, 'flags') ?? '');
            case 'GET /rr_reply':
              // No G-code ran here: no reply.
              return reply.type('text/plain; charset=utf-8').send('');
            case 'POST /rr_upload': {
              const place = gcodesPlace(boardParam(board, 'name') ?? '');
              if (!place) throw new AppError('BAD_REQUEST', NAME_OUTSIDE_GCODES);
              // As a board, err 1 and nothing kept for a body without the CRC-32 given, or a crc32 boards read
              // apart (docs/duet-http.md §1.3).
              const crc32 = readUploadCrc(boardParam(board, 'crc32'));
              if (crc32 === 'unreadable') return FAILED;
              try {
                await options.destinations.store(grant, place, request.raw, declaredLength(request), {
                  print: false,
                  address: request.ip,
                  crc32,
                });
              } catch (error) {
                if (error instanceof ContentCrcMismatch) return FAILED;
                throw error;
              }
              return DONE;
            }
            case 'GET /rr_gcode': {
              const code = boardParam(board, 'gcode') ?? '';
              if (!allowedGcode(code)) throw new AppError('FORBIDDEN', ONLY_UPLOADS);
              const run = fileRun(code);
              const place = run === null ? null : gcodesPlace(run.file);
              if (place && run?.kind === 'print') await options.destinations.print(grant, place);
              if (place && run?.kind === 'simulate') await options.destinations.simulate(grant, place);
              return TAKEN;
            }
            default:
              throw new AppError('FORBIDDEN', ONLY_UPLOADS);
          }
        } finally {
          // What a refusal left unread is read and dropped, so that the slicer gets the answer.
          if (!request.raw.complete) request.raw.resume();
        }
      },
    });
  }
}
