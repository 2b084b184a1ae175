import { type Actor, can } from '@portal/contract';

/**
 * Who adds gateways: administrators, as for gateway keys (the table's "/settings" row). Managers are left out on
 * purpose (docs/design.md §5d): pairing replaces a controller's key, and a licensed controller re-pointed to other
 * hardware, or a guessed code binding someone else's gateway, are the administrators' to decide.
 */
export const canAddGateways = (viewer: Actor): boolean => can(viewer.role, 'settings');
