import path from 'node:path';
import { DEFAULT_UPLOAD_LIMITS, MEDIA_KINDS, type MediaKind } from '@lunara/shared/media';
import { DEFAULT_PRICE_CENTS } from '@lunara/shared/money';
import { STAFF_TWO_FACTOR_MODES, type StaffTwoFactorMode } from '@lunara/shared/two-factor';
import { z } from 'zod';
import { DEFAULT_POOL_SIZE } from './db/connection-settings.ts';
import { isAddressOrRange } from './lib/trusted-proxy.ts';

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  /** Origins allowed to make state-changing requests and to use auth (APP_URL's, plus its loopback twins). */
  trustedOrigins: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections this process keeps to the PostgreSQL server of DATABASE_URL. */
  databasePoolSize: number;
  adminEmails: string[];
  productName: string;
  priceCents: number;
  currency: string;
  demoData: boolean;
  isProduction: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string | undefined;
  logLevel: string;
  /** On SIGTERM: how long readiness fails while requests are still served, before closing. */
  shutdownDrainMs: number;
  /** How long a verified session is remembered in memory (changes drop it sooner); 0 turns the cache off. */
  sessionCacheMs: number;
  /** Sign-in, sign-up and password-reset attempts allowed per client and minute, each. */
  authRateLimitPerMinute: number;
  /** Stripe when all three keys are set; otherwise the built-in test-mode provider. */
  stripe: { secretKey: string; priceId: string; webhookSecret: string } | undefined;
  /** TRUST_PROXY: the reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For and X-Request-Id count. */
  trustProxy: string[];
  /** Uploaded files: where they are stored and how large each kind may be. */
  media: MediaConfig;
  /** Something unsafe this deployment runs with on purpose: logged at start and shown in the admin Settings. */
  warnings: string[];
  /** STAFF_TWO_FACTOR: admins and moderators must turn two-factor on before staff routes answer them. */
  staffTwoFactor: StaffTwoFactorMode;
  /** Web Push (VAPID): keys from the environment, or generated once and kept in the database (push/vapid-keys.ts). */
  push: PushConfig;
}

export interface PushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url), both or neither. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT: how push services reach the operator (mailto: or https:). */
  subject: string;
  /** PUSH_ALLOW_HTTP_LOOPBACK: accept http push endpoints on loopback (tests' local push service); never in production. */
  allowHttpLoopback: boolean;
}

export interface S3Config {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2, ...); AWS when unset. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` as the first path segment instead of a host name (most S3-compatible services need it). */
  forcePathStyle: boolean;
}

export interface MediaConfig {
  /** The local disk store (DATA_DIR/media), used when `s3` is not set. */
  diskRoot: string;
  s3: S3Config | undefined;
  /** The largest upload of each kind, in bytes. */
  uploadLimits: Record<MediaKind, number>;
}

/** Invalid configuration: the message is one line saying what is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'], { message: 'must be 0 or 1' })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

// No hop count (nor `true`): Fastify 5 trusts nobody for a number, since a hop count cannot tell the
// proxy from a client that sends X-Forwarded-For itself; only the proxies' own addresses can.
const proxyList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.every(isAddressOrRange), {
    message: "must list the proxies' addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8)",
  });

const uploadLimitVariable = (kind: MediaKind) =>
  `UPLOAD_LIMIT_${kind.toUpperCase() as Uppercase<MediaKind>}_MB` as const;

/** UPLOAD_LIMIT_AVATAR_MB, UPLOAD_LIMIT_POST_IMAGE_MB, ...: whole megabytes (MiB), 1 to 50,000. */
function uploadLimitVariables() {
  return Object.fromEntries(
    MEDIA_KINDS.map((kind) => [
      uploadLimitVariable(kind),
      z.coerce
        .number({ message: 'must be a whole number of megabytes' })
        .int('must be a whole number of megabytes')
        .min(1, 'must be at least 1')
        .max(50_000, 'must be at most 50000')
        .optional(),
    ]),
  ) as Record<ReturnType<typeof uploadLimitVariable>, z.ZodOptional<z.ZodCoercedNumber>>;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

const envSchema = z.object({
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'must be a whole number of connections' })
    .int('must be a whole number of connections')
    .min(1, 'must be at least 1')
    .max(200, 'must be at most 200')
    .optional(),
  ADMIN_EMAILS: z.string().default(''),
  PRODUCT_NAME: z.string().trim().min(1, 'must not be empty').max(60).default('Lunara'),
  PRICE_CENTS: z.coerce
    .number({ message: 'must be a whole number of cents' })
    .int('must be a whole number of cents')
    .min(50, 'must be at least 50 cents')
    .max(1_000_000)
    .default(DEFAULT_PRICE_CENTS),
  CURRENCY: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code')
    .default('USD'),
  DEMO_DATA: flag.optional(),
  // Exactly one of three: any other spelling ("Production", "prod") would silently run development mode,
  // with test billing and none of production's refusals.
  NODE_ENV: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(['development', 'test', 'production'], { message: 'must be development, test or production' })
      .default('development'),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  AUTH_RATE_LIMIT: z.coerce.number({ message: 'must be a whole number' }).int().min(1).max(100_000).default(10),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PRICE_ID: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  ALLOW_TEST_BILLING: flag.optional(),
  TRUST_PROXY: optionalText.pipe(proxyList.optional()),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(60_000)
    .default(1_000),
  SESSION_CACHE_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(600_000)
    .default(60_000),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional()),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag.optional(),
  ...uploadLimitVariables(),
  STAFF_TWO_FACTOR: z.enum(STAFF_TWO_FACTOR_MODES, { message: 'must be required or optional' }).default('required'),
  VAPID_PUBLIC_KEY: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{87}$/,
        'must be a base64url P-256 public key (87 characters, from `npx web-push generate-vapid-keys`)',
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalText.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{43}$/,
        'must be a base64url P-256 private key (43 characters, from `npx web-push generate-vapid-keys`)',
      )
      .optional(),
  ),
  VAPID_SUBJECT: optionalText.pipe(
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
      .optional(),
  ),
  PUSH_ALLOW_HTTP_LOOPBACK: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const emailList = z.array(z.email());

function describeIssue(issue: z.core.$ZodIssue): string {
  const key = issue.path.join('.') || 'configuration';
  return `${key} ${issue.message}`;
}

function loopbackTwins(appUrl: URL): string[] {
  if (!LOOPBACK_HOSTS.includes(appUrl.hostname)) return [appUrl.origin];
  const port = appUrl.port ? `:${appUrl.port}` : '';
  return LOOPBACK_HOSTS.map((host) => `${appUrl.protocol}//${host}${port}`);
}

const STAFF_TWO_FACTOR_WARNING =
  'STAFF_TWO_FACTOR=optional: admins and moderators can use staff tools without two-factor authentication, so a stolen password is enough to act as staff. Remove the setting to require it.';

const TEST_BILLING_WARNING =
  'ALLOW_TEST_BILLING=1: billing runs in test mode in production, so anyone can become a member without paying. Set the Stripe keys to take payments.';

/**
 * What production refuses to start with (each with its own message), as opposed to a value that is
 * merely invalid: a setting that works in development but would open a hole on a public server.
 */
function productionRefusals(appUrl: URL, hasStripe: boolean, allowTestBilling: boolean): string[] {
  const refusals: string[] = [];
  if (!hasStripe && !allowTestBilling) {
    refusals.push(
      'production needs STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET (the test billing provider makes anyone a member for free); set ALLOW_TEST_BILLING=1 to run test billing anyway',
    );
  }
  // Session cookies are Secure exactly when APP_URL is https (auth/create-auth.ts).
  if (appUrl.protocol === 'http:' && !LOOPBACK_HOSTS.includes(appUrl.hostname)) {
    refusals.push(
      'APP_URL must be https:// in production (session cookies are Secure only over https); http is accepted only for localhost, 127.0.0.1 or [::1]',
    );
  }
  return refusals;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map(describeIssue).join('; ')}`);
  }
  const e = parsed.data;
  const adminEmails = e.ADMIN_EMAILS.split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const adminCheck = emailList.safeParse(adminEmails);
  if (!adminCheck.success) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAILS must be a comma-separated list of email addresses');
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PRICE_ID, e.STRIPE_WEBHOOK_SECRET];
  const stripeKeyCount = stripeKeys.filter(Boolean).length;
  if (stripeKeyCount > 0 && stripeKeyCount < 3) {
    throw new ConfigError(
      'Invalid configuration: set all three of STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET, or none',
    );
  }
  const appUrl = new URL(e.APP_URL ?? `http://localhost:${e.PORT}`);
  const isProduction = e.NODE_ENV === 'production';
  const hasStripe = stripeKeyCount === 3;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  }
  if (isProduction && e.PUSH_ALLOW_HTTP_LOOPBACK) {
    throw new ConfigError('Refusing to start: PUSH_ALLOW_HTTP_LOOPBACK is for tests and cannot be set in production');
  }
  const mailFrom = e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@${appUrl.hostname}>`;
  if (isProduction) {
    const refusals = productionRefusals(appUrl, hasStripe, e.ALLOW_TEST_BILLING ?? false);
    if (refusals.length > 0) throw new ConfigError(`Refusing to start: ${refusals.join('; ')}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: appUrl.origin,
    trustedOrigins: loopbackTwins(appUrl),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE,
    adminEmails,
    productName: e.PRODUCT_NAME,
    priceCents: e.PRICE_CENTS,
    currency: e.CURRENCY.toUpperCase(),
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    isProduction,
    smtpUrl: e.SMTP_URL,
    mailFrom,
    authSecret: e.AUTH_SECRET,
    logLevel: e.LOG_LEVEL,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PRICE_ID && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, priceId: e.STRIPE_PRICE_ID, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    trustProxy: e.TRUST_PROXY ?? [],
    media: {
      diskRoot: path.join(path.resolve(e.DATA_DIR), 'media'),
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION ?? 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          }
        : undefined,
      uploadLimits: Object.fromEntries(
        MEDIA_KINDS.map((kind) => {
          const megabytes = e[uploadLimitVariable(kind)];
          return [kind, megabytes === undefined ? DEFAULT_UPLOAD_LIMITS[kind] : megabytes * 1024 * 1024];
        }),
      ) as Record<MediaKind, number>,
    },
    warnings: [
      ...(isProduction && !hasStripe ? [TEST_BILLING_WARNING] : []),
      ...(isProduction && e.STAFF_TWO_FACTOR === 'optional' ? [STAFF_TWO_FACTOR_WARNING] : []),
    ],
    staffTwoFactor: e.STAFF_TWO_FACTOR,
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? defaultVapidSubject(mailFrom, appUrl),
      allowHttpLoopback: e.PUSH_ALLOW_HTTP_LOOPBACK ?? false,
    },
  };
}

/** The sender's address as a mailto: (what push services use to reach the operator), else an https APP_URL. */
function defaultVapidSubject(mailFrom: string, appUrl: URL): string {
  const address =
    /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom) ? mailFrom : undefined);
  if (address) return `mailto:${address}`;
  return appUrl.protocol === 'https:' ? appUrl.origin : `mailto:no-reply@${appUrl.hostname}`;
}
