/** Roles of docs/product.md §3: a lower number is a more powerful role. */
export const Role = {
  Administrator: 0,
  Manager: 1,
  Technician: 2,
  Customer: 3,
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const ALL_ROLES: readonly Role[] = [Role.Administrator, Role.Manager, Role.Technician, Role.Customer];

/** Stable key of a role, used for translation keys and logs. */
export const roleKey = (role: Role): keyof typeof Role =>
  (Object.keys(Role) as (keyof typeof Role)[]).find((key) => Role[key] === role) ?? 'Customer';
