export * from './dates.ts';
export * from './dsf.ts';
export * from './firmware.ts';
export * from './model-keys.ts';
export * from './objectmodel.ts';
export * from './query.ts';
export * from './rr.ts';
export * from './status.ts';
