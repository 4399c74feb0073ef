import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so `./data` means the same folder whichever package starts the server. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(1, 'PORT must be between 1 and 65535')
    .max(65535, 'PORT must be between 1 and 65535')
    .default(3000),
  PUBLIC_URL: optionalText.pipe(z.url({ error: 'PUBLIC_URL must be a full URL such as https://chairline.example.com' }).optional()),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATA_DIR: z.string().default('data'),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters long').optional()),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional()),
  MAIL_FROM: z.string().default('Chairline <no-reply@chairline.local>'),
  SUPPORT_EMAIL: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'STRIPE_API_BASE must be a full http(s) URL such as http://127.0.0.1:12111' }).optional(),
  ),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText.pipe(
    z.string().regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: address or an https:// URL').optional(),
  ),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  TWILIO_API_BASE: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'TWILIO_API_BASE must be a full http(s) URL such as http://127.0.0.1:14010' }).optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'], { error: 'SEED_DEMO must be true or false' })
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'TRUST_PROXY must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  DISPLAY_FRAME_ANCESTORS: z
    .string()
    .default('')
    .transform((v) => v.split(/\s+/).filter(Boolean))
    .pipe(
      z.array(
        z.string().regex(/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i, 'DISPLAY_FRAME_ANCESTORS must list origins such as https://tv.example.com, separated by spaces'),
      ),
    ),
  OPERATOR_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e !== ''),
    )
    .pipe(z.array(z.email({ error: 'OPERATOR_EMAILS must be email addresses separated by commas' }))),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  accessTokenTtlMinutes: number;
  refreshTokenTtlDays: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string | undefined;
  googleClientId: string | undefined;
  /** apiBase: another Stripe API address (a local test server); Stripe's own by default. */
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  /** Web push keys; both empty: made once and kept in the data folder. */
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
  /** SMS through Twilio when accountSid, authToken and from are set; apiBase: another address speaking its API (tests). */
  twilio: { accountSid?: string; authToken?: string; from?: string; apiBase?: string };
  logLevel: string;
  seedDemo: boolean;
  trustProxy: boolean;
  /** Sites allowed to frame the TV display page (origins); none by default. */
  displayFrameAncestors: string[];
  /** Platform operators (the affiliate console): shop accounts with these emails, lowercase. */
  operatorEmails: string[];
}

export class ConfigError extends Error {}

/** Reads and checks the environment; throws a ConfigError listing every problem in plain words. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : join(REPO_ROOT, e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  - JWT_SECRET: required in production (at least 32 characters)');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    accessTokenTtlMinutes: e.ACCESS_TOKEN_TTL_MINUTES,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    googleClientId: e.GOOGLE_CLIENT_ID,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    twilio: { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, apiBase: e.TWILIO_API_BASE },
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    displayFrameAncestors: e.DISPLAY_FRAME_ANCESTORS,
    operatorEmails: e.OPERATOR_EMAILS,
  };
}

/** Outside production a signing secret is made once and kept in the data folder, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
