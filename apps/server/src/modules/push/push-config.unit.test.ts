import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { describeDevice } from './device-label.ts';

const PUBLIC = `B${'a'.repeat(86)}`;
const PRIVATE = 'b'.repeat(43);

describe('push configuration', () => {
  it('takes both VAPID keys or neither', () => {
    expect(loadConfig({ VAPID_PUBLIC_KEY: PUBLIC, VAPID_PRIVATE_KEY: PRIVATE }).push.vapidKeys).toEqual({
      publicKey: PUBLIC,
      privateKey: PRIVATE,
    });
    expect(loadConfig({}).push.vapidKeys).toBeUndefined();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: PUBLIC })).toThrow(/both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: PRIVATE })).toThrow(/VAPID_PUBLIC_KEY/);
  });

  it('names the operator: VAPID_SUBJECT, else the sender address, else APP_URL', () => {
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.com' }).push.subject).toBe('mailto:ops@example.com');
    expect(loadConfig({ VAPID_SUBJECT: 'https://lunara.example/contact' }).push.subject).toBe(
      'https://lunara.example/contact',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://lunara.example' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ MAIL_FROM: 'Lunara <hello@lunara.example>' }).push.subject).toBe('mailto:hello@lunara.example');
    expect(loadConfig({ APP_URL: 'https://lunara.example' }).push.subject).toBe('mailto:no-reply@lunara.example');
  });

  it('allows http push endpoints on loopback only outside production', () => {
    expect(loadConfig({ PUSH_ALLOW_HTTP_LOOPBACK: '1' }).push.allowHttpLoopback).toBe(true);
    expect(loadConfig({}).push.allowHttpLoopback).toBe(false);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        APP_URL: 'https://lunara.example',
        ALLOW_TEST_BILLING: '1',
        PUSH_ALLOW_HTTP_LOOPBACK: '1',
      }),
    ).toThrow(/PUSH_ALLOW_HTTP_LOOPBACK/);
  });
});

describe('device labels', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on Mac',
    ],
    [undefined, 'Browser'],
  ])('%s → %s', (agent, label) => {
    expect(describeDevice(agent)).toBe(label);
  });
});
