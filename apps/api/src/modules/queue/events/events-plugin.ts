import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config/env.js';
import type { Database } from '../../../db/database.js';
import { createMemoryEventBus, type EventBus } from './event-bus.js';
import { createPgEventBus } from './pg-event-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Committed queue and rotation changes, out to the server-sent event streams. */
    events: EventBus;
  }
}

/**
 * Decorates the app with its event bus: LISTEN/NOTIFY when the database is PostgreSQL (several
 * processes may share it), in process otherwise. The bus is closed with the app.
 */
export async function registerEventBus(app: FastifyInstance, config: Config, db: Database, given?: EventBus) {
  const bus =
    given ?? (db.kind === 'postgres' && config.databaseUrl ? await createPgEventBus(config.databaseUrl, app.log) : createMemoryEventBus());
  app.decorate('events', bus);
  app.addHook('onClose', async () => {
    await bus.close();
  });
}
