import { describe, expect, it } from 'vitest';
import { redactSecretUrl } from './log-serializers.ts';

describe('redactSecretUrl', () => {
  it('hides a calendar feed token and secret query values', () => {
    expect(redactSecretUrl('/calendar/abcDEF_123-xyz.ics')).toBe('/calendar/[redacted]');
    expect(redactSecretUrl('/calendar/abc.ics?x=1')).toBe('/calendar/[redacted]?x=1');
    expect(redactSecretUrl('/api/auth/verify-email?token=eyJ.x.y&callbackURL=/')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=/',
    );
    expect(redactSecretUrl('/reset-password?error=x&TOKEN=s3cret')).toBe('/reset-password?error=x&TOKEN=[redacted]');
  });

  it('leaves other addresses as they are', () => {
    for (const url of ['/community', '/api/events/1/calendar.ics', '/api/search?q=token', '/calendars/x']) {
      expect(redactSecretUrl(url)).toBe(url);
    }
  });
});
