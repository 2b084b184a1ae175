import { maintenanceOverrides, maintenanceTasks } from '../../db/schema.ts';
import { administrators, everyone } from './common-reach.ts';
import type { Fixtures, RoleCaller, Side } from './fixtures.ts';
import { groupOf, groupViewers } from './hardware-access.ts';
import type { Reach, RouteAccess } from './route-access.ts';

/** Recording maintenance done: administrators, managers and technicians on the groups they see; customers never. */
const doneRecorders: Record<RoleCaller, Reach> = {
  administrator: 'all',
  manager: 'own',
  technician: 'own',
  customer: 'none',
};

/** A fresh task of the plan of the side's demo group's machine type (every side's: plans are not a business's). */
async function newTask(f: Fixtures, side: Side): Promise<{ id: number; groupId: number }> {
  const group = await groupOf(f, side);
  const [row] = await f.t.database.db
    .insert(maintenanceTasks)
    .values({ machineTypeId: group.machineTypeId, name: 'Matrix', everyHours: 100 })
    .returning({ id: maintenanceTasks.id });
  if (!row) throw new Error('fixture maintenance task not created');
  return { id: row.id, groupId: group.id };
}

const taskBody = (machineType: number) => ({ machineType, name: 'Matrix', everyJobs: 10 });

/** The rows of the maintenance module (modules/maintenance). */
export const MAINTENANCE_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/maintenance/tasks': {
    roles: administrators,
    request: async () => ({ url: '/api/v1/maintenance/tasks' }),
  },
  'POST /api/v1/maintenance/tasks': {
    roles: administrators,
    request: async (f, side) => ({
      url: '/api/v1/maintenance/tasks',
      payload: taskBody((await groupOf(f, side)).machineTypeId),
    }),
  },
  'PUT /api/v1/maintenance/tasks/:id': {
    roles: administrators,
    request: async (f, side) => {
      const task = await newTask(f, side);
      return {
        url: `/api/v1/maintenance/tasks/${task.id}`,
        payload: taskBody((await groupOf(f, side)).machineTypeId),
      };
    },
  },
  'DELETE /api/v1/maintenance/tasks/:id': {
    roles: administrators,
    request: async (f, side) => ({ url: `/api/v1/maintenance/tasks/${(await newTask(f, side)).id}` }),
  },
  'PUT /api/v1/machinegroup/:id/maintenance/:task/override': {
    roles: administrators,
    request: async (f, side) => {
      const task = await newTask(f, side);
      return {
        url: `/api/v1/machinegroup/${task.groupId}/maintenance/${task.id}/override`,
        payload: { everyHours: 50 },
      };
    },
  },
  'DELETE /api/v1/machinegroup/:id/maintenance/:task/override': {
    roles: administrators,
    request: async (f, side) => {
      const task = await newTask(f, side);
      // An override to remove: set directly, so the row does not lean on the route above.
      await f.t.database.db
        .insert(maintenanceOverrides)
        .values({ machineGroupId: task.groupId, taskId: task.id, everyDays: 7 });
      return { url: `/api/v1/machinegroup/${task.groupId}/maintenance/${task.id}/override` };
    },
  },
  'GET /api/v1/machinegroup/:id/maintenance': {
    roles: groupViewers,
    request: async (f, side) => ({ url: `/api/v1/machinegroup/${(await groupOf(f, side)).id}/maintenance` }),
  },
  'GET /api/v1/machinegroup/:id/maintenance/done': {
    roles: groupViewers,
    request: async (f, side) => ({
      url: `/api/v1/machinegroup/${(await groupOf(f, side)).id}/maintenance/done`,
    }),
  },
  'POST /api/v1/machinegroup/:id/maintenance/done': {
    roles: doneRecorders,
    request: async (f, side) => {
      const task = await newTask(f, side);
      return {
        url: `/api/v1/machinegroup/${task.groupId}/maintenance/done`,
        payload: { task: task.id, note: 'Matrix' },
      };
    },
  },
  'GET /api/v1/maintenance': { roles: everyone, request: async () => ({ url: '/api/v1/maintenance' }) },
};
