/**
 * Every table, each defined in the module that owns it (`modules/<area>/<area>.schema.ts`), gathered for
 * drizzle-kit (`drizzle.config.ts`) and for Drizzle's schema in `database.ts`. A module's code imports its own
 * tables from its `<area>.schema.ts` and other modules' tables from here. A table sits below every module that
 * builds on it (`computer_controllers` in `machine-groups.schema.ts`, `machine_group_users` in `users.schema.ts`).
 */
export * from '../modules/activity/activity.schema.ts';
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/business/business.schema.ts';
export * from '../modules/catalog/catalog.schema.ts';
export * from '../modules/feed/feed.schema.ts';
export * from '../modules/gateway-pairing/gateway-pairing.schema.ts';
export * from '../modules/housekeeping/housekeeping.schema.ts';
export * from '../modules/library/library.schema.ts';
export * from '../modules/licenses/licenses.schema.ts';
export * from '../modules/machine-groups/machine-groups.schema.ts';
export * from '../modules/maintenance/maintenance.schema.ts';
export * from '../modules/notifications/notifications.schema.ts';
export * from '../modules/password-recovery/password-recovery.schema.ts';
export * from '../modules/print-queue/print-queue.schema.ts';
export * from '../modules/service-sessions/service-sessions.schema.ts';
export * from '../modules/slicer-access/slicer-access.schema.ts';
export * from '../modules/tickets/tickets.schema.ts';
export * from '../modules/users/users.schema.ts';
