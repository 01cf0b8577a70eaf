import path from 'node:path';
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
