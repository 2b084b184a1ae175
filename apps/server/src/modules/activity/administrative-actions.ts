import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActivitySubject } from '../../shared/activity-subject.ts';
import type { ActivityLog } from './activity-log.ts';

/**
 * The administrative actions the activity record keeps (docs/design.md §9), by route: who changed users, roles,
 * enabling, businesses and their suspension, licences, hardware, gateway keys, slicer tokens, session settings,
 * consent settings, service sessions' requests, decisions and ends, maintenance plans and maintenance done, library
 * files uploaded and deleted.
 * A route that is not here is not an administrative action (logins, tickets, personal contacts and preferences).
 */
export const ADMINISTRATIVE_ACTIONS = {
  'PUT /api/v1/settings/sessions': 'settings.sessions',
  'POST /api/v1/users': 'user.create',
  'PUT /api/v1/users/:id': 'user.update',
  'DELETE /api/v1/users/:id': 'user.delete',
  'POST /api/v1/users/:id/machines': 'user.machines.assign',
  'DELETE /api/v1/users/:id/machines/:machineId': 'user.machines.unassign',
  'POST /api/v1/business': 'business.create',
  'PUT /api/v1/business/:id': 'business.update',
  'DELETE /api/v1/business/:id': 'business.delete',
  'POST /api/v1/licenses': 'license.create',
  'PUT /api/v1/licenses/:id': 'license.update',
  'DELETE /api/v1/licenses/:id': 'license.delete',
  'PUT /api/v1/licenses/:id/activate': 'license.activate',
  'POST /api/v1/machines': 'catalog.create',
  'PUT /api/v1/machines/:id': 'catalog.update',
  'DELETE /api/v1/machines/:id': 'catalog.delete',
  'POST /api/v1/boards': 'catalog.create',
  'PUT /api/v1/boards/:id': 'catalog.update',
  'DELETE /api/v1/board/:id': 'catalog.delete',
  'POST /api/v1/computers': 'catalog.create',
  'PUT /api/v1/computers/:id': 'catalog.update',
  'DELETE /api/v1/computer/:id': 'catalog.delete',
  'POST /api/v1/machinegroup': 'machineGroup.create',
  'PUT /api/v1/machinegroup/:id': 'machineGroup.update',
  'PUT /api/v1/machinegroup/:id/composition': 'machineGroup.update',
  'DELETE /api/v1/machinegroup/:id': 'machineGroup.delete',
  'POST /api/v1/controller/computer': 'controller.create',
  'PUT /api/v1/controller/computer/:id': 'controller.update',
  'DELETE /api/v1/controller/computer/:id': 'controller.delete',
  'POST /api/v1/controller/computer/:id/key': 'gatewayKey.create',
  'POST /api/v1/controller/computer/:id/pairing': 'gatewayKey.create',
  'POST /api/v1/customer/printer/duet/:id/token': 'slicerToken.create',
  'DELETE /api/v1/customer/tokens/invalidate': 'slicerToken.revokeAll',
  'PUT /api/v1/settings/two-factor': 'settings.twoFactor',
  'POST /api/v1/two-factor/confirm': 'twoFactor.enable',
  'POST /api/v1/two-factor/disable': 'twoFactor.disable',
  'DELETE /api/v1/users/:id/two-factor': 'twoFactor.reset',
  'PUT /api/v1/business/:id/service-consent': 'business.serviceConsent',
  'POST /api/v1/tickets/:id/service-sessions': 'serviceSession.request',
  'POST /api/v1/service-sessions/:id/decision': 'serviceSession.decide',
  'POST /api/v1/service-sessions/:id/end': 'serviceSession.end',
  'POST /api/v1/maintenance/tasks': 'maintenance.task.create',
  'PUT /api/v1/maintenance/tasks/:id': 'maintenance.task.update',
  'DELETE /api/v1/maintenance/tasks/:id': 'maintenance.task.delete',
  'PUT /api/v1/machinegroup/:id/maintenance/:task/override': 'maintenance.override.set',
  'DELETE /api/v1/machinegroup/:id/maintenance/:task/override': 'maintenance.override.remove',
  'POST /api/v1/machinegroup/:id/maintenance/done': 'maintenance.done',
  'POST /api/v1/library/files': 'library.upload',
  'POST /api/v1/library/files/from-machine': 'library.upload',
  'DELETE /api/v1/library/files/:id': 'library.delete',
} as const;

type RouteKey = keyof typeof ADMINISTRATIVE_ACTIONS;

/** Fields whose value the record never keeps (it says they were set): secrets, and one-time codes. */
const SECRET = /password|token|key|secret|code/i;

/**
 * What the record keeps of an action's body: each field given, secrets as `set`. Bodies are the contract's small
 * JSON objects; anything else is left out.
 */
function changesOf(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body).map(([field, value]) => [field, SECRET.test(field) ? 'set' : value]),
  );
}

/** The ids in the route's path, as numbers where they are. */
function targetOf(request: FastifyRequest): Record<string, unknown> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
    ]),
  );
}

/** The id a creation answered with, read from the answer it sends. */
function createdIdOf(payload: unknown): number | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const id = (JSON.parse(payload) as { id?: unknown }).id;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records every administrative action of `scope` (the authenticated routes) in one place: once its answer says it
 * was done (a status below 400), as it is sent; then calls `after` (what else must follow such a change).
 */
export function recordAdministrativeActions(
  scope: FastifyInstance,
  log: ActivityLog,
  after?: () => void,
): void {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 || !request.session) return payload;
    const key = `${request.method} ${request.routeOptions.url}` as RouteKey;
    const kind = ADMINISTRATIVE_ACTIONS[key];
    if (!kind) return payload;
    const created = request.method === 'POST' ? createdIdOf(payload) : undefined;
    const business = (request.body as { business?: unknown } | undefined)?.business;
    const subject: ActivitySubject | undefined = request.activitySubject;
    log.record({
      actorUserId: request.session.id,
      controllerId: subject?.controllerId ?? null,
      businessId: subject?.businessId ?? (typeof business === 'number' ? business : null),
      ticketId: subject?.ticketId ?? null,
      kind,
      detail: {
        route: key,
        ...targetOf(request),
        ...(created !== undefined && { created }),
        ...changesOf(request.body),
        ...request.activityDetail,
      },
      address: request.ip,
      outcome: reply.statusCode,
    });
    after?.();
    return payload;
  });
}
