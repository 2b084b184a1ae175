import type { Role } from './roles.ts';

/**
 * How far a role's capability reaches: everywhere, within the role's own business only, not at all, or
 * not at all and not even shown ("hidden" in docs/product.md §6).
 */
export type Reach = 'all' | 'own' | 'none' | 'hidden';

type Row = readonly [administrator: Reach, manager: Reach, technician: Reach, customer: Reach];

/**
 * The capability table of docs/product.md §6, with docs/design.md §3's decisions: the one copy
 * that the server's policies, the web's guards and navigation, and the roles tab all read.
 * Cells are in role order (Administrator, Manager, Technician, Customer).
 */
export const CAPABILITIES = {
  settings: ['all', 'none', 'none', 'none'],
  companyLink: ['all', 'own', 'none', 'none'],
  createUsers: ['all', 'own', 'none', 'none'],
  manageUsers: ['all', 'own', 'none', 'none'],
  userMachinesTab: ['all', 'all', 'all', 'hidden'],
  userPreferencesTab: ['all', 'all', 'all', 'hidden'],
  createMachineGroups: ['all', 'none', 'none', 'none'],
  deleteTickets: ['all', 'none', 'none', 'none'],
  /** Maintenance and statistics shortcuts, and renaming or deleting a board's files anywhere. */
  machineShortcuts: ['all', 'none', 'none', 'none'],
  /**
   * A machine's file browser, on every machine one sees: administrators by the admin path, everyone else by the
   * customer path, whose board scope lets them read, upload and print in 0:/gcodes (docs/board-access.md §2).
   */
  machineFiles: ['all', 'own', 'own', 'own'],
  machineGroupAdminEdits: ['all', 'none', 'none', 'none'],
  fullControlToken: ['all', 'none', 'none', 'none'],
  webcamLowLatency: ['all', 'none', 'none', 'none'],
  expiredControlPanel: ['all', 'hidden', 'hidden', 'hidden'],
  businessList: ['all', 'own', 'own', 'own'],
  /** The activity record (docs/design.md §9): everything, or what concerns one's business and oneself. */
  activityRecord: ['all', 'own', 'own', 'own'],
  /** Checking the record's chain for tampering. */
  activityCheck: ['all', 'none', 'none', 'none'],
  /** Resetting another user's second factor (docs/design.md §10). */
  resetTwoFactor: ['all', 'none', 'none', 'none'],
  /** Requiring consent for remote service of one's business's machines (docs/design.md §11). */
  serviceConsent: ['none', 'own', 'none', 'none'],
  /** Asking a business for a service session on one of its machines: staff outside that business. */
  requestServiceSession: ['all', 'none', 'all', 'none'],
  /** Accepting or rejecting one: the business's managers, and the customer whose ticket it was asked from. */
  decideServiceSession: ['none', 'own', 'none', 'own'],
  /** Ending an accepted session early: anyone of the business (and whoever asked for it). */
  endServiceSession: ['own', 'own', 'own', 'own'],
  /** Writing the maintenance plans of machine types and machine groups' overrides (docs/design.md §12). */
  maintenancePlans: ['all', 'none', 'none', 'none'],
  /** Recording maintenance done: on every machine, or on the machine groups one sees. */
  maintenanceDone: ['all', 'own', 'own', 'none'],
  /** Fleet insight, the machines' use per week: every business's machines, or one's own business's. */
  fleetInsight: ['all', 'own', 'none', 'none'],
  /**
   * Asking the operator to renew a machine's licence, as a ticket the server writes (on the machines one sees);
   * administrators renew licences themselves.
   */
  requestLicenceRenewal: ['none', 'all', 'all', 'all'],
  /**
   * The print library (docs/design.md §13): reading and changing a business's library files and folders. Staff
   * choose the business; managers and customers use their own business's.
   */
  library: ['all', 'own', 'all', 'own'],
  /**
   * The print queue (docs/product.md §11): reading and changing a business's queue, and marking its machines ready
   * on the machine groups one sees; starting on a machine also needs its control (consent, docs/design.md §11).
   */
  printQueue: ['all', 'own', 'all', 'own'],
  /** Whether a machine marked ready starts the business's next job by itself. */
  printQueueAutoStart: ['all', 'own', 'none', 'none'],
} as const satisfies Record<string, Row>;

export type Capability = keyof typeof CAPABILITIES;

export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

/** Who is acting: the parts of a session the permission rules need. */
export interface Actor {
  role: Role;
  business: number;
}

export const reachOf = (role: Role, capability: Capability): Reach => CAPABILITIES[capability][role];

/** Whether the role has the capability at all (somewhere, or in its own business). */
export function can(role: Role, capability: Capability): boolean {
  const reach = reachOf(role, capability);
  return reach === 'all' || reach === 'own';
}

/** Whether `actor` may use the capability on something that belongs to business `businessId`. */
export function canIn(actor: Actor, capability: Capability, businessId: number): boolean {
  const reach = reachOf(actor.role, capability);
  return reach === 'all' || (reach === 'own' && actor.business === businessId);
}
