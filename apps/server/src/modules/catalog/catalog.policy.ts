import { type Actor, can } from '@portal/contract';

/**
 * Every signed-in user reads the catalogues (the web shows type names and icons); changing them is the
 * administrators' work in /settings (docs/product.md §1).
 */
export const canManageCatalogs = (viewer: Actor): boolean => can(viewer.role, 'settings');
