import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@lunara/shared/roles';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type Stripe from 'stripe';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openPostgres } from '../src/db/client.ts';
import { runSeed } from '../src/db/seed/seed.ts';
import { grantRoleByEmail } from '../src/modules/roles/service.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Staff tests act without two-factor; two-factor.test.ts sets staffTwoFactor 'required' itself.
  return {
    ...loadConfig({ PORT: '3000', DEMO_DATA: '0', AUTH_RATE_LIMIT: '1000', STAFF_TWO_FACTOR: 'optional' }),
    ...overrides,
  };
}

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** `url` is set on the PostgreSQL server, for a second process on the same database. */
  database: Database & { url?: string };
  config: Config;
  close(): Promise<void>;
  /** A request as a browser on the app's own origin would send it. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  /** A JSON request as `who` (a visitor when undefined); writes send `{}` when no payload is given. */
  api(
    who: Pick<TestMember, 'cookie'> | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Signs a new account up and returns its cookie and id; her name is the email's local part unless given. */
  signUp(email?: string, password?: string, name?: string): Promise<TestMember>;
  signIn(email: string, password: string): Promise<LightMyRequestResponse>;
  /** A new member with an active (test-mode) subscription, optionally with a role. */
  signUpSubscriber(role?: Role): Promise<TestMember>;
  /** Starts listening on a free loopback port (for streams, which inject cannot read); returns the base URL. */
  listen(): Promise<string>;
}

export interface TestMember {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

let counter = 0;

/** The name a test member signs up with: her email's local part, the display name accounts had before names were asked. */
export const defaultTestName = (email: string) => email.toLowerCase().split('@')[0] ?? 'member';
export const uniqueEmail = (prefix = 'member') => `${prefix}.${process.pid}.${Date.now()}.${counter++}@example.com`;

/** The session cookie from a response, ready for the Cookie header. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const session = cookies.find((cookie) => cookie.startsWith('better-auth.session_token='));
  if (!session) throw new Error(`No session cookie in response ${response.statusCode}: ${response.body}`);
  return session.split(';')[0] ?? '';
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    stripe?: Stripe;
    webDist?: string;
    periodicJobs?: boolean;
    /** Fastify's logger (none unless given: a test that checks what is logged passes a stream). */
    logger?: Parameters<typeof buildApp>[0]['logger'];
  } = {},
): Promise<TestApp> {
  // Uploads go to a folder of this app's own (unless the test names one), removed when it closes.
  const mediaRoot = overrides.media ? undefined : mkdtempSync(path.join(os.tmpdir(), 'lunara-test-media-'));
  const base = testConfig(overrides);
  const config = mediaRoot ? { ...base, media: { ...base.media, diskRoot: mediaRoot } } : base;
  const database = await createTestDatabase({ prepared: true });
  await database.migrate();
  await runSeed(database.db, { demoData: config.demoData });
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    stripe: options.stripe,
    webDist: options.webDist,
    periodicJobs: options.periodicJobs,
  });

  const request: TestApp['request'] = ({ cookie, headers, ...options }) =>
    app.inject({
      ...options,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
    });

  const api: TestApp['api'] = (who, method, url, payload) =>
    request({
      method,
      url,
      cookie: who?.cookie,
      payload: method === 'GET' ? undefined : ((payload ?? {}) as InjectOptions['payload']),
    });

  async function signIn(email: string, password: string) {
    return request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  }

  async function signUp(email = uniqueEmail(), password = 'moonlight', name = defaultTestName(email)) {
    // Each sign-up comes from its own address, so fixtures never use up a test's rate limit.
    const n = counter++;
    const remoteAddress = `10.250.${(n >> 8) & 255}.${n & 255}`;
    const response = await request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress,
      payload: { email, password, name },
    });
    if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
    const body = response.json() as { user: { id: string } };
    return { id: body.user.id, email, password, cookie: cookieFrom(response) };
  }

  async function signUpSubscriber(role?: Role) {
    const member = await signUp();
    const paid = await request({
      method: 'POST',
      url: '/api/billing/test/complete',
      cookie: member.cookie,
      payload: {},
    });
    if (paid.statusCode !== 200) throw new Error(`test checkout failed: ${paid.statusCode} ${paid.body}`);
    if (role) await grantRoleByEmail(database.db, member.email, role);
    return member;
  }

  return {
    app,
    database,
    config,
    request,
    api,
    signUp,
    signIn,
    signUpSubscriber,
    async listen() {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      return address;
    },
    async close() {
      await app.close();
      await database.close();
      if (mediaRoot) rmSync(mediaRoot, { recursive: true, force: true });
    },
  };
}

export interface SecondProcess {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** Every statement the second process has sent (empty it to watch what a request sends). */
  statements: string[];
}

/**
 * Runs `use` with a second app on the same PostgreSQL server, as another process would be (its own
 * pool, its own caches, its own LISTEN), recording its statements; closes it afterwards.
 */
export async function withSecondProcess(t: TestApp, use: (second: SecondProcess) => Promise<void>): Promise<void> {
  const url = t.database.url;
  if (!url) throw new Error('needs the PostgreSQL server');
  const statements: string[] = [];
  const database = openPostgres(url, { onQuery: (query) => statements.push(query) });
  const app = await buildApp({ config: t.config, database, logger: false });
  try {
    await app.ready();
    await use({ app, statements });
  } finally {
    await app.close();
    await database.close();
  }
}
