/**
 * Every table, each defined in the module that owns it (`modules/<area>/<area>.schema.ts`), gathered for
 * drizzle-kit (`drizzle.config.ts`) and for Drizzle's schema in `database.ts`.
 */
export * from '../modules/activity/activity.schema.ts';
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/business/business.schema.ts';
export * from '../modules/catalog/catalog.schema.ts';
export * from '../modules/feed/feed.schema.ts';
export * from '../modules/housekeeping/housekeeping.schema.ts';
export * from '../modules/licenses/licenses.schema.ts';
export * from '../modules/machine-groups/machine-groups.schema.ts';
export * from '../modules/maintenance/maintenance.schema.ts';
export * from '../modules/notifications/notifications.schema.ts';
export * from '../modules/password-recovery/password-recovery.schema.ts';
export * from '../modules/service-sessions/service-sessions.schema.ts';
export * from '../modules/slicer-access/slicer-access.schema.ts';
export * from '../modules/tickets/tickets.schema.ts';
export * from '../modules/users/users.schema.ts';
