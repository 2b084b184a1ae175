import { type Actor, can } from '@portal/contract';

/**
 * The two doors to a machine's board (docs/design.md §5): `customer` needs access and a licence, `admin`
 * neither.
 */
export type MachinePath = 'customer' | 'admin';

/** The `admin` path and machines whose licence has run out: the table's "expired control panel" (administrators). */
export const mayBypassLicense = (viewer: Actor): boolean => can(viewer.role, 'expiredControlPanel');
