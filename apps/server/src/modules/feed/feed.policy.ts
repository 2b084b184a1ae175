import { type Actor, can } from '@portal/contract';

/**
 * Posting and deleting news (docs/design.md §3: administrators post items). The capability table has no
 * row of its own for it; the news speaks for the vendor, as the administration of the portal does.
 */
export const canManageFeed = (viewer: Actor): boolean => can(viewer.role, 'settings');
