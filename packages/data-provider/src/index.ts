export * from './http-client.js';
export * from './messages.js';
export * from './resources.js';
export * from './form-data.js';
export * from './commands.js';
export { createDataProvider, type ChairlineDataProvider } from './data-provider.js';
export { HttpError } from 'ra-core';
