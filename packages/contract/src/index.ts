// Every module is re-exported here, so `@portal/contract` is the one import. Those that build no zod schema
// (constants, error-codes, errors, limits, operator, permissions, roles, validation-codes) hold what the login page needs;
// the package is free of side effects (package.json), so a bundle that uses none of a schema module's exports
// leaves it, and zod with it, out.
export * from './activity.ts';
export * from './auth.ts';
export * from './business.ts';
export * from './catalog.ts';
export * from './constants.ts';
export * from './controllers.ts';
export * from './error-body.ts';
export * from './error-codes.ts';
export * from './errors.ts';
export * from './feed.ts';
export * from './ids.ts';
export * from './insight.ts';
export * from './licenses.ts';
export * from './limits.ts';
export * from './live-status.ts';
export * from './machine-groups.ts';
export * from './machine-proxy.ts';
export * from './maintenance.ts';
export * from './notifications.ts';
export * from './operator.ts';
export * from './paging.ts';
export * from './pairing.ts';
export * from './password-recovery.ts';
export * from './permissions.ts';
export * from './print-queue.ts';
export * from './push.ts';
export * from './role-schema.ts';
export * from './roles.ts';
export * from './service-sessions.ts';
export * from './slicer-access.ts';
export * from './tickets.ts';
export * from './two-factor.ts';
export * from './users.ts';
export * from './validation.ts';
export * from './validation-codes.ts';
