import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QrCode } from './qr-code.tsx';

describe('QrCode', () => {
  it('draws the code in the page as one labelled SVG, with a quiet zone around it', () => {
    const uri = 'otpauth://totp/Lunara:maya%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Lunara';
    const html = renderToStaticMarkup(<QrCode value={uri} label="QR code for your authenticator app" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="QR code for your authenticator app"');
    const size = Number(html.match(/viewBox="0 0 (\d+) \1"/)?.[1]);
    // Version n is 17 + 4n modules a side, plus 4 of quiet zone on each side.
    expect((size - 8 - 17) % 4).toBe(0);
    const squares = html.match(/M(\d+) (\d+)h1v1h-1z/g) ?? [];
    expect(squares.length).toBeGreaterThan(100);
    for (const square of squares) {
      const [, x, y] = square.match(/M(\d+) (\d+)/) ?? [];
      expect(Number(x)).toBeGreaterThanOrEqual(4);
      expect(Number(y)).toBeLessThan(size - 4);
    }
    // No request anywhere to draw it.
    expect(html).not.toMatch(/https?:/);
  });
});
