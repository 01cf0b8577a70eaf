import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeploymentWarnings, displayVersion } from './admin-settings.tsx';

describe('the version in System Information', () => {
  it('reads as the spec writes it', () => {
    expect(displayVersion('1.0.0')).toBe('v1.0');
  });
});

describe('the warnings at the top of the admin Settings', () => {
  it('show each warning the server gives, as an alert', () => {
    const html = renderToStaticMarkup(
      <DeploymentWarnings
        warnings={[
          'ALLOW_TEST_BILLING=1: billing runs in test mode in production',
          'Node.js 20 reached its end of life',
        ]}
      />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('<li>ALLOW_TEST_BILLING=1: billing runs in test mode in production</li>');
    expect(html).toContain('<li>Node.js 20 reached its end of life</li>');
  });

  it('take no room when there is nothing to warn about', () => {
    expect(renderToStaticMarkup(<DeploymentWarnings warnings={[]} />)).toBe('');
  });
});
