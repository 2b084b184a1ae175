export * from './auth.ts';
export * from './business.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './roles.ts';
export * from './users.ts';
