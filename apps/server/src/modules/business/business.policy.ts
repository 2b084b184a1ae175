import { type Actor, canIn } from '@portal/contract';

/** Administrators see every business, everyone else only their own (the table's "business list"). */
export const canSeeBusiness = (viewer: Actor, businessId: number): boolean =>
  canIn(viewer, 'businessList', businessId);
