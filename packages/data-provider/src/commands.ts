import type { HttpClient } from './http-client.js';
import { affiliateCommands } from './commands/affiliate.js';
import { billingCommands } from './commands/billing.js';
import { createCaller } from './commands/call.js';
import { queueCommands } from './commands/queue.js';
import { settingsCommands } from './commands/settings.js';
import { shopCommands } from './commands/shop.js';

export type { DownloadedFile, Envelope } from './commands/call.js';
export type { CreateInvoiceInput, NextBarberData } from './commands/queue.js';
export type { AppointmentQuery } from './commands/shop.js';
export type { DayRange } from './commands/affiliate.js';

/**
 * The back office's business calls, one named method each: every one returns the parsed payload
 * or throws an Error carrying the server's message, so the screens never read a raw reply.
 */
export function createCommands(http: HttpClient) {
  const caller = createCaller(http);
  return {
    ...queueCommands(caller),
    ...shopCommands(caller),
    ...settingsCommands(caller),
    ...billingCommands(caller),
    ...affiliateCommands(caller),
  };
}

export type Commands = ReturnType<typeof createCommands>;
