export * from './live-fields.ts';
export * from './model-keys.ts';
export * from './objectmodel.ts';
export * from './protocol.ts';
export * from './status.ts';
