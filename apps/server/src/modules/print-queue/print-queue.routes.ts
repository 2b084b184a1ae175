import {
  idParamsSchema,
  machineQueueSchema,
  printQueueSchema,
  queueCopiesBodySchema,
  queueHistoryPageSchema,
  queueHistoryQuerySchema,
  queueJobBodySchema,
  queueJobHistorySchema,
  queueJobSchema,
  queuePositionBodySchema,
  queueReadyAnswerSchema,
  queueRunSchema,
  queueSettingsSchema,
  queueStartBodySchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { MachineEvents } from '../live-status/machine-events.ts';
import type { PrintQueueService } from './print-queue.service.ts';
import type { PrintQueueHistoryService } from './print-queue-history.service.ts';
import type { PrintQueueMachinesService } from './print-queue-machines.service.ts';
import type { RunFollower } from './run-follower.ts';

const tags = ['print queue'];

export type PrintQueueRoutesOptions = {
  service: PrintQueueService;
  machines: PrintQueueMachinesService;
  history: PrintQueueHistoryService;
  follower: RunFollower;
  machineEvents: MachineEvents;
};

/** The person's request, for the board requests a start makes on their behalf (the activity record's address). */
const clientOf = (request: FastifyRequest) => ({ incoming: request.raw, address: request.ip });

export const printQueueRoutes: FastifyPluginAsyncZod<PrintQueueRoutesOptions> = async (
  app,
  { service, machines, history, follower, machineEvents },
) => {
  // Runs follow their boards while the app runs; what is under way finishes before the database closes.
  let unsubscribe: (() => void) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = machineEvents.subscribe((event) => follower.follow(event));
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
    await follower.idle();
  });

  app.get(
    '/api/v1/business/:id/print-queue',
    {
      schema: {
        tags,
        summary:
          "A business's print queue: its waiting and printing jobs in order, and its machines' readiness",
        description:
          'Managers and customers their own business; administrators and technicians any. The machines are those ' +
          'the caller sees.',
        params: idParamsSchema,
        response: { 200: printQueueSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.queue(sessionOf(request), request.params.id),
  );

  app.get(
    '/api/v1/business/:id/print-queue/history',
    {
      schema: {
        tags,
        summary:
          "A business's ended print-queue jobs (done or cancelled), the newest end first, each with its runs",
        description:
          'Who may use the business queue reads it: managers and customers their own business, administrators and ' +
          'technicians any. A page holds at most 50 jobs (10 unless asked).',
        params: idParamsSchema,
        querystring: queueHistoryQuerySchema,
        response: { 200: queueHistoryPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => history.page(sessionOf(request), request.params.id, request.query),
  );

  app.put(
    '/api/v1/business/:id/print-queue/settings',
    {
      schema: {
        tags,
        summary:
          "Switch the business's automatic start: a machine marked ready starts the next job by itself",
        description: "The business's managers, and administrators.",
        params: idParamsSchema,
        body: queueSettingsSchema,
        response: { 200: queueSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.setSettings(sessionOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/business/:id/print-queue/jobs',
    {
      schema: {
        tags,
        summary: 'Queue a library file: on one machine group, or on any machine of a type (at one location)',
        description:
          'The file must be in the business library, the machine group one of its machines the caller sees, the ' +
          'machine type one its machines have (400 otherwise). With the automatic start on, a ready machine starts it.',
        params: idParamsSchema,
        body: queueJobBodySchema,
        response: { 201: queueJobSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.addJob(sessionOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/v1/print-queue/jobs/:id',
    {
      schema: {
        tags,
        summary: "A job's history: who queued it, who started each copy, each run's state and times",
        params: idParamsSchema,
        response: { 200: queueJobHistorySchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => service.history(sessionOf(request), request.params.id),
  );

  app.put(
    '/api/v1/print-queue/jobs/:id/position',
    {
      schema: {
        tags,
        summary: 'Move a waiting job to a place among the waiting jobs (1: first)',
        params: idParamsSchema,
        body: queuePositionBodySchema,
        response: { 200: queueJobSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => service.moveJob(sessionOf(request), request.params.id, request.body.position),
  );

  app.put(
    '/api/v1/print-queue/jobs/:id/copies',
    {
      schema: {
        tags,
        summary: "Change a job's copies (never fewer than have started)",
        params: idParamsSchema,
        body: queueCopiesBodySchema,
        response: { 200: queueJobSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => service.setCopies(sessionOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/print-queue/jobs/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a job: no copy starts any more (running copies run on)',
        params: idParamsSchema,
        response: { 200: queueJobSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => service.cancelJob(sessionOf(request), request.params.id),
  );

  app.post(
    '/api/v1/print-queue/jobs/:id/start',
    {
      schema: {
        tags,
        summary: "Start the job's next copy now on a machine marked ready",
        description:
          'The machine must be idle and online, marked ready, and one the job prints on; the caller needs its ' +
          'control (consent for outside staff). The file is sent to 0:/gcodes/queue/ and started; if the machine ' +
          'does not take it, the run is failed, the copy waits again and the error is answered.',
        params: idParamsSchema,
        body: queueStartBodySchema,
        response: { 201: queueRunSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await machines.startNow(
            sessionOf(request),
            request.params.id,
            request.body.machineGroup,
            clientOf(request),
          ),
        ),
  );

  app.post(
    '/api/v1/print-queue/runs/:id/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel a running copy: a paused print is cancelled on the machine, a printing one must pause first',
        params: idParamsSchema,
        response: { 200: queueRunSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504) },
      },
    },
    (request) => machines.cancelRun(sessionOf(request), request.params.id, clientOf(request)),
  );

  app.get(
    '/api/v1/machinegroup/:id/print-queue',
    {
      schema: {
        tags,
        summary:
          'A machine group in the queue: its readiness and run, and the jobs waiting that may start on it',
        params: idParamsSchema,
        response: { 200: machineQueueSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => machines.machineQueue(sessionOf(request), request.params.id),
  );

  app.put(
    '/api/v1/machinegroup/:id/ready',
    {
      schema: {
        tags,
        summary: 'Mark a machine ready: a person says its bed is clear',
        description:
          "With the business's automatic start on, the first job waiting for it starts (`started`). 409 while " +
          'the machine still runs a queued job.',
        params: idParamsSchema,
        response: { 200: queueReadyAnswerSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    (request) => machines.markReady(sessionOf(request), request.params.id, clientOf(request)),
  );

  app.delete(
    '/api/v1/machinegroup/:id/ready',
    {
      schema: {
        tags,
        summary: 'Mark a machine not ready',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await machines.unmarkReady(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
