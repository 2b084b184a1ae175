import { Readable } from 'node:stream';
import type { Fixtures, RoleCaller, Side } from './fixtures.ts';
import { controllerOf, groupViewers } from './hardware-access.ts';
import type { Reach, RouteAccess } from './route-access.ts';

/**
 * The print library (the capability table's `library`): administrators and technicians every business's, managers
 * and customers their own; another business's file or folder answers 404.
 */
const libraryUsers: Record<RoleCaller, Reach> = {
  administrator: 'all',
  manager: 'own',
  technician: 'all',
  customer: 'own',
};

let serial = 0;
const fresh = (stem: string) => `${stem}-${++serial}`;

/** A file of the side's business's library, fresh for a row that uses it up. */
const fileOf = async (f: Fixtures, side: Side) =>
  f.t.modules.library.service.addFile(
    { businessId: f.business[side], folder: 'matrix', name: `${fresh('file')}.gcode`, uploadedBy: null },
    Readable.from([Buffer.from('G28\n')]),
  );

/** The rows of the print library (modules/library), each about the side's business. */
export const LIBRARY_ACCESS: Record<string, RouteAccess> = {
  'GET /api/v1/library': {
    roles: libraryUsers,
    request: async (f, side) => ({ url: `/api/v1/library?business=${f.business[side]}` }),
  },
  'POST /api/v1/library/files': {
    roles: libraryUsers,
    request: async (f, side) => ({
      url: `/api/v1/library/files?business=${f.business[side]}&name=${fresh('upload')}.gcode`,
      payload: 'G28\n',
      headers: { 'content-type': 'application/octet-stream' },
    }),
  },
  // The machine is the side's demo one: who copies from it must reach it too.
  'POST /api/v1/library/files/from-machine': {
    roles: groupViewers,
    request: async (f, side) => ({
      url: '/api/v1/library/files/from-machine',
      payload: {
        business: f.business[side],
        controllerId: (await controllerOf(f, side)).id,
        path: '0:/gcodes/a.gcode',
        folder: '',
        name: `${fresh('copy')}.gcode`,
      },
    }),
  },
  'GET /api/v1/library/files/:id': {
    roles: libraryUsers,
    request: async (f, side) => ({ url: `/api/v1/library/files/${(await fileOf(f, side)).id}` }),
  },
  'GET /api/v1/library/files/:id/content': {
    roles: libraryUsers,
    request: async (f, side) => ({ url: `/api/v1/library/files/${(await fileOf(f, side)).id}/content` }),
  },
  'PUT /api/v1/library/files/:id': {
    roles: libraryUsers,
    request: async (f, side) => ({
      url: `/api/v1/library/files/${(await fileOf(f, side)).id}`,
      payload: { folder: 'moved', name: `${fresh('moved')}.gcode` },
    }),
  },
  'DELETE /api/v1/library/files/:id': {
    roles: libraryUsers,
    request: async (f, side) => ({ url: `/api/v1/library/files/${(await fileOf(f, side)).id}` }),
  },
  'POST /api/v1/library/folders': {
    roles: libraryUsers,
    request: async (f, side) => ({
      url: '/api/v1/library/folders',
      payload: { business: f.business[side], path: fresh('folder') },
    }),
  },
  'DELETE /api/v1/library/folders': {
    roles: libraryUsers,
    request: async (f, side) => {
      const path = fresh('empty');
      await f.t.modules.library.repository.createFolder(f.business[side], path, new Date());
      return { url: `/api/v1/library/folders?business=${f.business[side]}&path=${path}` };
    },
  },
};
