import { z } from 'zod';
import { idParamSchema } from './ids.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './paging.ts';
import { reachOf } from './permissions.ts';
import { roleSchema } from './role-schema.ts';
import { Role } from './roles.ts';
import { storableText } from './validation.ts';

/**
 * What an entry of the activity record says was done: changes made on a machine's board through the portal
 * (`board.*`) and administrative actions (the area, then the action).
 */
export const ACTIVITY_KINDS = [
  'board.gcode',
  'board.upload',
  'board.delete',
  'board.move',
  'board.mkdir',
  'board.plugin',
  'settings.sessions',
  'user.create',
  'user.update',
  'user.delete',
  'user.machines.assign',
  'user.machines.unassign',
  'business.create',
  'business.update',
  'business.delete',
  'license.create',
  'license.update',
  'license.delete',
  'license.activate',
  'catalog.create',
  'catalog.update',
  'catalog.delete',
  'machineGroup.create',
  'machineGroup.update',
  'machineGroup.delete',
  'controller.create',
  'controller.update',
  'controller.delete',
  'gatewayKey.create',
  'slicerToken.create',
  'slicerToken.revokeAll',
  'settings.twoFactor',
  'twoFactor.enable',
  'twoFactor.disable',
  'twoFactor.reset',
  'business.serviceConsent',
  'serviceSession.request',
  'serviceSession.decide',
  'serviceSession.end',
  'maintenance.task.create',
  'maintenance.task.update',
  'maintenance.task.delete',
  'maintenance.override.set',
  'maintenance.override.remove',
  'maintenance.done',
  'library.upload',
  'library.delete',
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

const { Administrator: A, Manager: M, Technician: T, Customer: C } = Role;

/**
 * Who can take each action (`by`: the roles the routes allow), and whether its entry is filed under the business it
 * concerns (`business`: a machine's, or the one a body or subject names), where that business's people read it.
 */
const KIND_READING: Record<ActivityKind, { by: readonly Role[]; business: boolean }> = {
  'board.gcode': { by: [A, M, T, C], business: true },
  'board.upload': { by: [A, M, T, C], business: true },
  'board.delete': { by: [A, M, T, C], business: true },
  'board.move': { by: [A, M, T, C], business: true },
  'board.mkdir': { by: [A, M, T, C], business: true },
  'board.plugin': { by: [A, M, T, C], business: true },
  'settings.sessions': { by: [A], business: false },
  'user.create': { by: [A, M], business: true },
  'user.update': { by: [A, M, T, C], business: false },
  'user.delete': { by: [A, M], business: false },
  'user.machines.assign': { by: [A, M], business: false },
  'user.machines.unassign': { by: [A, M], business: false },
  'business.create': { by: [A], business: false },
  'business.update': { by: [A], business: false },
  'business.delete': { by: [A], business: false },
  'license.create': { by: [A], business: true },
  'license.update': { by: [A], business: true },
  'license.delete': { by: [A], business: false },
  'license.activate': { by: [A], business: false },
  'catalog.create': { by: [A], business: false },
  'catalog.update': { by: [A], business: false },
  'catalog.delete': { by: [A], business: false },
  'machineGroup.create': { by: [A], business: true },
  'machineGroup.update': { by: [A, M, T, C], business: true },
  'machineGroup.delete': { by: [A], business: false },
  'controller.create': { by: [A], business: true },
  'controller.update': { by: [A], business: false },
  'controller.delete': { by: [A], business: false },
  'gatewayKey.create': { by: [A], business: false },
  'slicerToken.create': { by: [A, M, T, C], business: false },
  'slicerToken.revokeAll': { by: [A, M, T, C], business: false },
  'settings.twoFactor': { by: [A], business: false },
  'twoFactor.enable': { by: [A, M, T, C], business: false },
  'twoFactor.disable': { by: [A, M, T, C], business: false },
  'twoFactor.reset': { by: [A], business: false },
  'business.serviceConsent': { by: [M], business: true },
  'serviceSession.request': { by: [A, T], business: true },
  'serviceSession.decide': { by: [M, C], business: true },
  'serviceSession.end': { by: [A, M, T, C], business: true },
  'maintenance.task.create': { by: [A], business: false },
  'maintenance.task.update': { by: [A], business: false },
  'maintenance.task.delete': { by: [A], business: false },
  'maintenance.override.set': { by: [A], business: true },
  'maintenance.override.remove': { by: [A], business: true },
  'maintenance.done': { by: [A, M, T], business: true },
  'library.upload': { by: [A, M, T, C], business: true },
  'library.delete': { by: [A, M, T, C], business: true },
};

/** The roles that can take an action (the routes' rules; the server's tests hold the two together). */
export const activityKindAuthors = (kind: ActivityKind): readonly Role[] => KIND_READING[kind].by;

/**
 * The actions whose entries `role` can ever read, by the record's reading rule (docs/design.md §9): every one for
 * whoever reads the whole record; otherwise those filed under one's business and those one can take oneself.
 */
export function activityKindsFor(role: Role): ActivityKind[] {
  const reach = reachOf(role, 'activityRecord');
  if (reach === 'all') return [...ACTIVITY_KINDS];
  if (reach !== 'own') return [];
  return ACTIVITY_KINDS.filter((kind) => KIND_READING[kind].business || KIND_READING[kind].by.includes(role));
}

/** One entry of the activity record, as the API answers it (newest first). */
export const activityEntrySchema = z.object({
  seq: z.number().int(),
  at: z.iso.datetime(),
  kind: activityKindSchema,
  /**
   * Who: their id, address, role and business when they acted, and their name of now (null once the account is
   * gone); null where the entry was made by no one.
   */
  actor: z
    .object({
      id: z.number().int(),
      email: z.string().nullable(),
      name: z.string().nullable(),
      role: roleSchema.nullable(),
      business: z.number().int().nullable(),
    })
    .nullable(),
  /** The machine (its controller) and the business it belonged to then. */
  controller: z.number().int().nullable(),
  /** The machine's name now (its machine group's), null once it has none. */
  machine: z.string().nullable(),
  business: z.number().int().nullable(),
  ticket: z.number().int().nullable(),
  /** The path the request came by: the admin path, the customer path or a slicer's token. */
  via: z.enum(['admin', 'customer', 'slicer']).nullable(),
  /** The G-code sent, the file's name, size and SHA-256, the path moved from and to, … */
  detail: z.record(z.string(), z.unknown()),
  /**
   * The names of now of the objects the detail names by id, by its field (`id`, `created`, `task`, `business`, …):
   * a user, business, machine group, controller, maintenance task or catalogue type; none for one gone since.
   */
  names: z.record(z.string(), z.string()),
  address: z.string().nullable(),
  /** The board's answer (HTTP status), or null when none came (the request failed, or the portal stopped). */
  outcome: z.number().int().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /api/v1/activity (and its CSV export): filters, all optional, and a page. */
export const activityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  user: idParamSchema.optional(),
  controller: idParamSchema.optional(),
  business: idParamSchema.optional(),
  kind: activityKindSchema.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** One ticket's entries: its service sessions' decisions and what was done in them. */
  ticket: idParamSchema.optional(),
  /** Free text found in the actor's address or anywhere in the detail (G-code, file names). */
  q: storableText().trim().max(200).optional(),
});
/** The query a client sends: ids as the query string carries them. */
export type ActivityQuery = {
  page?: number;
  pageSize?: number;
  user?: string;
  controller?: string;
  business?: string;
  kind?: ActivityKind;
  from?: string;
  to?: string;
  ticket?: string;
  q?: string;
};

/**
 * POST /api/v1/activity/verify: whether the chain is whole and agrees with the signed checkpoints published outside
 * the database, and where it first breaks when it does not.
 */
export const activityVerificationSchema = z.object({
  intact: z.boolean(),
  /** How many entries were checked. */
  checked: z.number().int().min(0),
  /** How many checkpoints the chain was held against. */
  checkpoints: z.number().int().min(0),
  /**
   * The first entry found altered, missing (a gap), not the last one the chain's head names, rebuilt (other than a
   * checkpoint recorded it), truncated (the record ends before a checkpoint's length, or lost entries too young to
   * be pruned), or a checkpoint not signed with the record's key (`key`); with the checkpoint that disagrees.
   */
  broken: z
    .object({
      seq: z.number().int(),
      reason: z.enum(['altered', 'missing', 'head', 'rebuilt', 'truncated', 'key']),
      checkpoint: z.object({ at: z.iso.datetime(), seq: z.number().int() }).nullable(),
    })
    .nullable(),
});
export type ActivityVerification = z.infer<typeof activityVerificationSchema>;
