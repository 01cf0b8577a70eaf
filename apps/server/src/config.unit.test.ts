import path from 'node:path';
import { DEFAULT_UPLOAD_LIMITS } from '@lunara/shared/media';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      productName: 'Lunara',
      priceCents: 5500,
      demoData: true,
      adminEmails: [],
      isProduction: false,
    });
  });

  it('stores media on the local disk under DATA_DIR with the default limits, and in S3 when S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/lunara' }).media).toEqual({
      diskRoot: path.resolve('/srv/lunara/media'),
      s3: undefined,
      uploadLimits: DEFAULT_UPLOAD_LIMITS,
    });
    const config = loadConfig({
      S3_BUCKET: 'lunara-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      UPLOAD_LIMIT_AVATAR_MB: '2',
      UPLOAD_LIMIT_LESSON_VIDEO_MB: '4096',
    });
    expect(config.media.s3).toEqual({
      bucket: 'lunara-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(config.media.uploadLimits).toMatchObject({ avatar: 2 * 1024 * 1024, lesson_video: 4096 * 1024 * 1024 });
    expect(() => loadConfig({ UPLOAD_LIMIT_POST_IMAGE_MB: 'lots' })).toThrow(
      'UPLOAD_LIMIT_POST_IMAGE_MB must be a whole number of megabytes',
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'ftp://x' })).toThrow('S3_ENDPOINT must be an http(s) URL');
  });

  it('accepts the loopback twins of a local APP_URL, so 127.0.0.1 works as well as localhost', () => {
    expect(loadConfig({ PORT: '4000' }).trustedOrigins).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
      'http://[::1]:4000',
    ]);
    expect(loadConfig({ APP_URL: 'https://lunara.example.com/' }).trustedOrigins).toEqual([
      'https://lunara.example.com',
    ]);
  });

  it('turns demo data off by default with a PostgreSQL server, and lets DEMO_DATA decide', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/lunara' }).demoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/lunara', DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
  });

  it('keeps ten database connections unless DATABASE_POOL_SIZE says', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('normalises ADMIN_EMAILS', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Owner@Example.com, second@example.com ,' }).adminEmails).toEqual([
      'owner@example.com',
      'second@example.com',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must start with postgres:// or postgresql://'],
    [{ APP_URL: 'ftp://x' }, 'Invalid configuration: APP_URL must be an http(s) URL'],
    [
      { ADMIN_EMAILS: 'owner' },
      'Invalid configuration: ADMIN_EMAILS must be a comma-separated list of email addresses',
    ],
    [{ PRICE_CENTS: '55.5' }, 'Invalid configuration: PRICE_CENTS must be a whole number of cents'],
    [{ DATABASE_POOL_SIZE: '0' }, 'Invalid configuration: DATABASE_POOL_SIZE must be at least 1'],
    [{ DATABASE_POOL_SIZE: 'ten' }, 'Invalid configuration: DATABASE_POOL_SIZE must be a whole number of connections'],
    [{ DEMO_DATA: 'maybe' }, 'Invalid configuration: DEMO_DATA must be 0 or 1'],
    [{ AUTH_SECRET: 'short' }, 'Invalid configuration: AUTH_SECRET must be at least 32 characters'],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_ID: 'price_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const PRODUCTION = { NODE_ENV: 'production', APP_URL: 'https://lunara.example' };

function refusalOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error(`configuration accepted: ${JSON.stringify(env)}`);
}

describe('billing in production', () => {
  // Every combination: the environment, Stripe keys or none, the explicit opt-in to test billing or not.
  it.each([
    ['development', 'none', 'no opt-in', 'test', false],
    ['development', 'none', 'opt-in', 'test', false],
    ['development', 'stripe', 'no opt-in', 'stripe', false],
    ['development', 'stripe', 'opt-in', 'stripe', false],
    ['production', 'none', 'no opt-in', 'refused', false],
    ['production', 'none', 'opt-in', 'test', true],
    ['production', 'stripe', 'no opt-in', 'stripe', false],
    ['production', 'stripe', 'opt-in', 'stripe', false],
  ] as const)('%s with %s keys and %s: %s billing (warned: %s)', (mode, keys, optIn, billing, warned) => {
    const env = {
      ...(mode === 'production' ? PRODUCTION : {}),
      ...(keys === 'stripe' ? STRIPE_KEYS : {}),
      ...(optIn === 'opt-in' ? { ALLOW_TEST_BILLING: '1' } : {}),
    };
    if (billing === 'refused') {
      expect(refusalOf(env)).toBe(
        'Refusing to start: production needs STRIPE_SECRET_KEY, STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET (the test billing provider makes anyone a member for free); set ALLOW_TEST_BILLING=1 to run test billing anyway',
      );
      return;
    }
    const config = loadConfig(env);
    expect(config.stripe ? 'stripe' : 'test').toBe(billing);
    expect(config.warnings.some((warning) => warning.includes('anyone can become a member without paying'))).toBe(
      warned,
    );
  });

  it('takes ALLOW_TEST_BILLING as a flag', () => {
    expect(refusalOf({ ...PRODUCTION, ALLOW_TEST_BILLING: '0' })).toContain('production needs STRIPE_SECRET_KEY');
    expect(refusalOf({ ...PRODUCTION, ALLOW_TEST_BILLING: 'please' })).toBe(
      'Invalid configuration: ALLOW_TEST_BILLING must be 0 or 1',
    );
  });
});

describe('APP_URL and secure cookies in production', () => {
  it.each(['https://lunara.example', 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])(
    'accepts %s (https, or http on this machine only)',
    (appUrl) => {
      expect(loadConfig({ ...PRODUCTION, ...STRIPE_KEYS, APP_URL: appUrl }).appUrl).toBe(new URL(appUrl).origin);
    },
  );

  it('accepts no APP_URL (it is then http://localhost:PORT)', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...STRIPE_KEYS }).appUrl).toBe('http://localhost:3000');
  });

  it.each(['http://lunara.example', 'http://192.168.1.20:3000', 'http://localhost.lunara.example'])(
    'refuses %s: session cookies would not be Secure',
    (appUrl) => {
      expect(refusalOf({ ...PRODUCTION, ...STRIPE_KEYS, APP_URL: appUrl })).toBe(
        'Refusing to start: APP_URL must be https:// in production (session cookies are Secure only over https); http is accepted only for localhost, 127.0.0.1 or [::1]',
      );
    },
  );

  it('accepts any http APP_URL in development', () => {
    expect(loadConfig({ APP_URL: 'http://lunara.example' }).appUrl).toBe('http://lunara.example');
  });
});

describe('production configuration refusals', () => {
  it('names every unsafe setting at once, on one line', () => {
    const message = refusalOf({ NODE_ENV: 'production', APP_URL: 'http://lunara.example' });
    expect(message).toContain('production needs STRIPE_SECRET_KEY');
    expect(message).toContain('APP_URL must be https:// in production');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless set', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' ' }).trustProxy).toEqual([]);
  });

  it('takes a comma-separated list of addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, ::1,10.0.0.0/8 , fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
  });

  it.each(['1', '2', 'true', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/8', '::1/129'])(
    'refuses %s: only the proxies themselves can be trusted, not a hop count',
    (value) => {
      expect(refusalOf({ TRUST_PROXY: value })).toBe(
        "Invalid configuration: TRUST_PROXY must list the proxies' addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8)",
      );
    },
  );
});

describe('NODE_ENV', () => {
  it('is one of development, test or production: another spelling never runs production as development', () => {
    for (const spelling of ['Production', 'PRODUCTION', 'prod', 'production ', 'staging']) {
      expect(() => loadConfig({ NODE_ENV: spelling, APP_URL: 'https://lunara.example' }), spelling).toThrow(
        'Invalid configuration: NODE_ENV must be development, test or production',
      );
    }
    expect(loadConfig({ NODE_ENV: '' }).isProduction).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).isProduction).toBe(false);
  });
});
