import { Role } from '@portal/contract';
import type { SessionSubject } from '../auth/token.service.ts';

/** Who may see a user: administrators everyone, managers their own business, everybody themselves. */
export function canSeeUser(viewer: SessionSubject, target: { id: number; businessId: number }): boolean {
  if (viewer.role === Role.Administrator || viewer.id === target.id) return true;
  return viewer.role === Role.Manager && viewer.business === target.businessId;
}
