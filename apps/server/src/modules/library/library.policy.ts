import { type Actor, canIn } from '@portal/contract';

/**
 * Who uses which business's library (the capability table's `library`, docs/design.md §13): administrators and
 * technicians every business's, managers and customers their own. Another business's file or folder answers 404.
 */
export const mayUseLibraryOf = (viewer: Actor, businessId: number): boolean =>
  canIn(viewer, 'library', businessId);
