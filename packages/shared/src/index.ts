export * from './constants.js';
export * from './messages.js';
export * from './roles.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/plans.js';
export * from './schemas/session-user.js';
export * from './schemas/affiliates.js';
