/**
 * The public pages' schemas, loaded when first needed: a login to validate or send, a stored token to
 * read, the operator's record to check (see schemas-on-demand.ts). The signed-in screens import their
 * schemas statically; they load zod anyway.
 */
export const loadSchemas = () => import('./schemas-on-demand');

/** The form resolver of the login form and the session popup, which only ever runs with those schemas. */
export const loadResolver = () => import('@hookform/resolvers/zod');
