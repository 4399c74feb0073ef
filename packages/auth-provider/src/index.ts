export * from './storage.js';
export * from './tokens.js';
export * from './refresh-lock.js';
export * from './routing.js';
export * from './permissions.js';
export * from './auth-provider.js';
