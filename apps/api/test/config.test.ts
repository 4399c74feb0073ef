import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.js';

// A fresh folder of this run: the generated secret is written there, and removed afterwards.
const dataDir = mkdtempSync(join(tmpdir(), 'chairline-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const base = { DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) };

describe('loadConfig', () => {
  it('has working defaults for a first start', () => {
    const c = loadConfig({ DATA_DIR: base.DATA_DIR });
    expect(c).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', databaseUrl: undefined, seedDemo: true });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // The generated secret is kept, so sessions survive a restart.
    expect(loadConfig({ DATA_DIR: base.DATA_DIR }).jwtSecret).toBe(c.jwtSecret);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a number'],
    [{ PORT: '70000' }, 'PORT must be between 1 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL must be a full URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must start with smtp:// or smtps://'],
    [{ NODE_ENV: 'production', JWT_SECRET: '' }, 'JWT_SECRET: required in production'],
    [{ STRIPE_API_BASE: 'ftp://127.0.0.1:1' }, 'STRIPE_API_BASE must be a full http(s) URL'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('reads the Stripe keys and the optional Stripe API address', () => {
    const c = loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(c.stripe).toEqual({ secretKey: 'sk_test_x', publishableKey: undefined, webhookSecret: 'whsec_x', apiBase: 'http://127.0.0.1:12111' });
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ ...base, PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });
});
