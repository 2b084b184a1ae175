import type { RoleCaller } from './fixtures.ts';
import type { Reach } from './route-access.ts';

/** Reach shared by many rows: every role reaches every object. */
export const everyone: Record<RoleCaller, Reach> = {
  administrator: 'all',
  manager: 'all',
  technician: 'all',
  customer: 'all',
};

/** Only administrators, on every business. */
export const administrators: Record<RoleCaller, Reach> = {
  administrator: 'all',
  manager: 'none',
  technician: 'none',
  customer: 'none',
};
