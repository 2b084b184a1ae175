import {
  idParamsSchema,
  machineMaintenanceSchema,
  maintenanceDoneBodySchema,
  maintenanceDoneSchema,
  maintenanceFleetQuerySchema,
  maintenanceFleetSchema,
  maintenanceOverrideBodySchema,
  maintenanceOverrideParamsSchema,
  maintenanceOverrideSchema,
  maintenanceTaskBodySchema,
  maintenanceTaskListSchema,
  maintenanceTaskQuerySchema,
  maintenanceTaskSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { MachineEvents } from '../live-status/machine-events.ts';
import type { MaintenanceService } from './maintenance.service.ts';
import type { MaintenanceReminders } from './maintenance-reminders.ts';
import type { StatisticsCatchUp } from './statistics-catch-up.ts';

const tags = ['maintenance'];

export type MaintenanceRoutesOptions = {
  service: MaintenanceService;
  machineEvents: MachineEvents;
  reminders: MaintenanceReminders;
  catchUp: StatisticsCatchUp;
};

export const maintenanceRoutes: FastifyPluginAsyncZod<MaintenanceRoutesOptions> = async (
  app,
  { service, machineEvents, reminders, catchUp },
) => {
  // Jobs are recorded while the app runs, from the transitions this instance sees (each is seen by one instance),
  // then the group's reminders checked; the board's statistics log is read when its board starts answering here and
  // after its jobs. What is under way finishes before the database closes.
  const pending = new Set<Promise<unknown>>();
  const log = app.log.child({ module: 'maintenance' });
  let unsubscribe: (() => void) | undefined;
  // A plan made stricter can make tasks due at once: they are claimed before the change is answered (the sending
  // goes on after it), not at the next housekeeping round. A failed check leaves them to that round.
  const remindAfterPlanChange = async (machineGroupId?: number) => {
    await reminders
      .check(machineGroupId)
      .catch((error: unknown) => log.warn({ err: error, machineGroupId }, 'reminders not checked'));
  };
  app.addHook('onReady', async () => {
    catchUp.useLog(log);
    unsubscribe = machineEvents.subscribe((event) => {
      catchUp.onEvent(event);
      if (event.type !== 'jobFinished') return;
      const { machineGroupId } = event;
      const recording = service
        .recordFinishedJob(event)
        .then((recorded) => (recorded && machineGroupId !== null ? reminders.check(machineGroupId) : 0))
        .catch((error: unknown) =>
          log.warn(
            { err: error, controllerId: event.controllerId },
            'job not recorded, or its reminders not checked',
          ),
        )
        .finally(() => pending.delete(recording));
      pending.add(recording);
    });
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
    await catchUp.stop();
    await Promise.all(pending);
  });

  app.get(
    '/api/v1/maintenance/tasks',
    {
      schema: {
        tags,
        summary: "The maintenance plans' tasks, of one machine type or all (administrators)",
        querystring: maintenanceTaskQuerySchema,
        response: { 200: maintenanceTaskListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.listTasks(sessionOf(request), request.query.machineType),
  );

  app.post(
    '/api/v1/maintenance/tasks',
    {
      schema: {
        tags,
        summary: "Add a task to a machine type's maintenance plan (administrators)",
        description: 'Due every so many printing hours, jobs, metres of filament and/or days: at least one.',
        body: maintenanceTaskBodySchema,
        response: { 201: maintenanceTaskSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const task = await service.createTask(sessionOf(request), request.body);
      await remindAfterPlanChange();
      return reply.code(201).send(task);
    },
  );

  app.put(
    '/api/v1/maintenance/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Replace a task of a maintenance plan (administrators)',
        params: idParamsSchema,
        body: maintenanceTaskBodySchema,
        response: { 200: maintenanceTaskSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const task = await service.updateTask(sessionOf(request), request.params.id, request.body);
      await remindAfterPlanChange();
      return task;
    },
  );

  app.delete(
    '/api/v1/maintenance/tasks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a task of a maintenance plan, with its overrides and done records (administrators)',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteTask(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/v1/machinegroup/:id/maintenance/:task/override',
    {
      schema: {
        tags,
        summary: "Set a machine group's own intervals for a task of its plan (administrators)",
        params: maintenanceOverrideParamsSchema,
        body: maintenanceOverrideBodySchema,
        response: { 200: maintenanceOverrideSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { answer, subject } = await service.setOverride(
        sessionOf(request),
        request.params.id,
        request.params.task,
        request.body,
      );
      request.activitySubject = subject;
      await remindAfterPlanChange(request.params.id);
      return answer;
    },
  );

  app.delete(
    '/api/v1/machinegroup/:id/maintenance/:task/override',
    {
      schema: {
        tags,
        summary: "Remove a machine group's override: the plan's intervals apply again (administrators)",
        params: maintenanceOverrideParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      request.activitySubject = await service.removeOverride(
        sessionOf(request),
        request.params.id,
        request.params.task,
      );
      await remindAfterPlanChange(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/machinegroup/:id/maintenance',
    {
      schema: {
        tags,
        summary: "The tasks of the machine group's plan, each with its counters and due state",
        description: 'Whoever sees the machine group.',
        params: idParamsSchema,
        response: { 200: machineMaintenanceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.ofGroup(sessionOf(request), request.params.id),
  );

  app.get(
    '/api/v1/machinegroup/:id/maintenance/done',
    {
      schema: {
        tags,
        summary: 'The maintenance done on the machine group, newest first',
        params: idParamsSchema,
        response: { 200: z.array(maintenanceDoneSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.doneLog(sessionOf(request), request.params.id),
  );

  app.post(
    '/api/v1/machinegroup/:id/maintenance/done',
    {
      schema: {
        tags,
        summary: 'Record a task done on the machine group: its counters start again',
        description:
          'Technicians and managers who see the group, and administrators. `date` defaults to now.',
        params: idParamsSchema,
        body: maintenanceDoneBodySchema,
        response: { 201: maintenanceDoneSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { answer, subject } = await service.markDone(sessionOf(request), request.params.id, request.body);
      request.activitySubject = subject;
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/api/v1/maintenance',
    {
      schema: {
        tags,
        summary: 'Every task of every machine group the caller sees, the most urgent first',
        description: "Overdue first, then due soon, then by the nearest criterion's share of its interval.",
        querystring: maintenanceFleetQuerySchema,
        response: { 200: maintenanceFleetSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => service.fleet(sessionOf(request), request.query),
  );
};
