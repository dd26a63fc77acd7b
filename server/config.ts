import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './platform/storage';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((v) => protocols.some((p) => v.startsWith(p)), `must start with ${protocols.join(' or ')}`)
    .optional();

/** Every environment variable Tend reads, all optional. */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** the built SPA to serve (default dist/web) */
  WEB_ROOT: z.string().min(1).optional(),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().min(3).default('Tend <no-reply@tend.local>'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** the signing secret of the Connect webhook endpoint (events from facilitators' accounts) */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** 'test': Tend's built-in test checkout, no real money (needed to allow it in production) */
  PAYMENTS_MODE: z.enum(['test']).optional(),
  /** how many megabytes of images and media each account may store (admins: no limit) */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(2048),
  /** a session ends this many days after sign-in, however much it is used (ASVS 7.3.2) */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
  IMAGEKIT_PUBLIC_KEY: z.string().optional(),
  IMAGEKIT_PRIVATE_KEY: z.string().optional(),
  IMAGEKIT_URL_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: readable lines (the default on a terminal); json: one JSON object a line (the default otherwise) */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** /metrics answers with `Authorization: Bearer <METRICS_TOKEN>` */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** /metrics on its own port (bound to METRICS_HOST), for a scraper on a private network */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Web Push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints); generated into the database when unset */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** who push services may contact about this server's pushes: a mailto: or https: URL */
  VAPID_SUBJECT: z
    .string()
    .url()
    .refine((v) => v.startsWith('mailto:') || v.startsWith('https://'), 'must start with mailto: or https://')
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  stripeConnectWebhookSecret?: string;
  /**
   * stripe: STRIPE_SECRET_KEY is set. test: the built-in test checkout (development and tests,
   * or PAYMENTS_MODE=test). off: production without a key; paid checkout is refused.
   */
  paymentsMode: PaymentsMode;
  platformFeePercent: number;
  /** tests only: a local stand-in for Stripe's API */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
  imagekit?: { publicKey: string; privateKey: string; urlEndpoint: string };
  /** S3-compatible object storage; local disk under DATA_DIR/files when unset. */
  s3?: S3Settings;
  /** Where local storage keeps files (DATA_DIR/files; a temp folder in tests). */
  storageDir: string;
  /** From APP_SECRET; when unset, generated once into the database, which every instance shares. */
  appSecret?: string;
  logLevel: string;
  /** unset: pretty on a terminal, json otherwise */
  logFormat?: 'pretty' | 'json';
  metrics: { token?: string; port?: number; host: string };
  /** PUBLIC_URL was given (mailed links point to localhost otherwise) */
  publicUrlSet: boolean;
  trustProxy: boolean;
  /** Serve the built SPA (off in API tests); `webRoot` overrides dist/web. */
  serveWeb: boolean;
  webRoot?: string;
  /** Multiplies every rate limit; tests keep 1. */
  rateLimitFactor: number;
  /** The step of the sign-in slow-down after repeated failures (1 s; tests shorten it). */
  loginSlowdownUnitMs: number;
  /** A session's absolute lifetime in days (SESSION_MAX_DAYS). */
  sessionMaxDays: number;
  /** Megabytes each account may upload (UPLOAD_QUOTA_MB). */
  uploadQuotaMb: number;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; when unset, a pair is generated once into the database */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** VAPID_SUBJECT; when unset, PUBLIC_URL if it is https, else the sender address of MAIL_FROM */
  vapidSubject?: string;
  /** tests only: push endpoints may be plain http on the loopback (the test push service) */
  pushToLoopback?: boolean;
  /** tests only: content imports may fetch feeds and recordings from the loopback (127.0.0.1, ::1) */
  importFromLoopback?: boolean;
};

export type PaymentsMode = 'stripe' | 'test' | 'off';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value fails fast naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // an empty variable means unset (`DATABASE_URL= npm start`)
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = Env.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const ik = [e.IMAGEKIT_PUBLIC_KEY, e.IMAGEKIT_PRIVATE_KEY, e.IMAGEKIT_URL_ENDPOINT];
  if (ik.some(Boolean) && !ik.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  IMAGEKIT_PUBLIC_KEY, IMAGEKIT_PRIVATE_KEY and IMAGEKIT_URL_ENDPOINT ' +
        'must be set together',
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  }
  if (e.STRIPE_SECRET_KEY && e.PAYMENTS_MODE === 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_MODE: test mode cannot run with STRIPE_SECRET_KEY set (unset one of them)',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeConnectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    paymentsMode: e.STRIPE_SECRET_KEY
      ? 'stripe'
      : e.PAYMENTS_MODE === 'test' || e.NODE_ENV !== 'production'
        ? 'test'
        : 'off',
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    imagekit: e.IMAGEKIT_PUBLIC_KEY
      ? { publicKey: e.IMAGEKIT_PUBLIC_KEY, privateKey: e.IMAGEKIT_PRIVATE_KEY!, urlEndpoint: e.IMAGEKIT_URL_ENDPOINT! }
      : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    storageDir: join(dataDir, 'files'),
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    trustProxy: e.TRUST_PROXY === 'true',
    serveWeb: true,
    webRoot: e.WEB_ROOT,
    rateLimitFactor: 1,
    loginSlowdownUnitMs: 1000,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    uploadQuotaMb: e.UPLOAD_QUOTA_MB,
    vapidKeys: e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY! } : undefined,
    vapidSubject: e.VAPID_SUBJECT,
  };
}

/** A config for tests: no disk, no web bundle. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    dataDir: '',
    storageDir: mkdtempSync(join(tmpdir(), 'tend-test-files-')),
    mailFrom: 'Tend <no-reply@tend.test>',
    paymentsMode: overrides.stripeSecretKey ? 'stripe' : 'test',
    platformFeePercent: 0,
    appSecret: 'test-secret-test-secret-test-secret-00',
    logLevel: 'silent',
    metrics: { host: '127.0.0.1' },
    publicUrlSet: true,
    trustProxy: false,
    serveWeb: false,
    rateLimitFactor: 1,
    loginSlowdownUnitMs: 5,
    sessionMaxDays: 90,
    uploadQuotaMb: 2048,
    ...overrides,
  };
}
