import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { signUpOutcome } from '../api/sign-up.ts';
import { CheckEmailNotice } from './check-email-notice.tsx';

describe('sign-up without a session', () => {
  it('sends her to her inbox when the server started no session, and to the dashboard when it did', () => {
    expect(signUpOutcome({ token: null })).toBe('check-email');
    expect(signUpOutcome(null)).toBe('check-email');
    expect(signUpOutcome({ token: 'a-session-token' })).toBe('signed-in');
  });

  it('says where the message went and offers the way back, without an error or a word about an account', () => {
    const html = renderToStaticMarkup(<CheckEmailNotice email="luna@example.com" onBack={() => {}} />);
    expect(html).toContain('role="status"');
    expect(html).toContain('luna@example.com');
    expect(html).toContain('with the next step');
    expect(html).toContain('Back to login');
    expect(html).not.toMatch(/error|already|exists/i);
  });
});
