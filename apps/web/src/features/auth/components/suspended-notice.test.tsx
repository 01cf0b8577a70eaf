import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { SuspendedNotice, suspensionMessageOf } from './suspended-notice.tsx';

describe('the suspended sign-in notice', () => {
  it("takes the server's message only from a refusal for suspension", () => {
    const message = 'Your account is suspended until 4 December 2026 at 09:08 UTC: Spam';
    expect(suspensionMessageOf(new ApiError(message, 'ACCOUNT_SUSPENDED', 403))).toBe(message);
    expect(suspensionMessageOf(new ApiError('Invalid email or password', 'INVALID_EMAIL_OR_PASSWORD', 401))).toBe(
      undefined,
    );
    expect(suspensionMessageOf(new Error(message))).toBe(undefined);
  });

  it('is an alert that shows the message as text', () => {
    const html = renderToString(<SuspendedNotice message={'Your account is suspended permanently: <b>x</b>'} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Your account is suspended permanently: &lt;b&gt;x&lt;/b&gt;');
  });
});
