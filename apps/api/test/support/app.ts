import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../../src/app.js';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/env.js';
import type { Database } from '../../src/db/database.js';
import type { Mail, Mailer } from '../../src/modules/auth/mailer.js';
import { freshDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Emails the app sent, newest last (unless the test gives its own mailer). */
  mails: Mail[];
  close: () => Promise<void>;
}

/** The real application on a fresh database, in-process; HTTP through app.inject. */
export async function startTestApp(
  overrides: Partial<Omit<AppOptions, 'config' | 'db'>> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chairline-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  // Whatever fails while starting, the data folder made above is removed before the error surfaces.
  let started = false;
  try {
    const app = await buildTestApp(dataDir, overrides);
    started = true;
    return app;
  } finally {
    if (!started) removeDataDir();
  }
}

async function buildTestApp(
  dataDir: string,
  overrides: Partial<Omit<AppOptions, 'config' | 'db'>> & { env?: Record<string, string> },
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_URL: 'http://chairline.test',
    LOG_LEVEL: 'silent',
    ...overrides.env,
  });
  const { db, drop } = await freshDatabase();
  let app: FastifyInstance;
  const mails: Mail[] = [];
  const mailer: Mailer = overrides.mailer ?? {
    async send(mail) {
      mails.push(mail);
    },
  };
  const { env: _env, rateLimits, ...options } = overrides;
  // Roomy limits by default, so factories may sign in often; rate-limit tests pass their own.
  const roomy = { max: 10_000, timeWindow: 60_000 };
  try {
    app = await buildApp({
      config,
      db,
      logger: false,
      mailer,
      rateLimits: { login: roomy, signup: roomy, forgotPassword: roomy, publicWrite: roomy, pin: roomy, ...rateLimits },
      ...options,
    });
    await app.ready();
  } catch (err) {
    await drop();
    throw err;
  }
  return {
    app,
    db,
    config,
    mails,
    async close() {
      // Each step runs even when the one before failed: no database or folder is left behind.
      try {
        await app.close();
      } finally {
        try {
          await drop();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    },
  };
}
