import { describe, expect, it } from 'vitest';
import { buildWebManifest } from './web-manifest.ts';

describe('buildWebManifest', () => {
  it('names the app after the product, whole under the icon when it fits', () => {
    const manifest = buildWebManifest('Lunara');
    expect(manifest).toMatchObject({
      name: 'Lunara',
      short_name: 'Lunara',
      id: '/',
      scope: '/',
      display: 'standalone',
    });
  });

  it('shortens a long product name for the home screen and keeps it whole as the name', () => {
    const manifest = buildWebManifest('Moonwell Sisterhood Circle');
    expect(manifest.name).toBe('Moonwell Sisterhood Circle');
    expect(manifest.short_name).toBe('Moonwell Sis');
  });

  it('offers the icons Chrome requires: 192 and 512 for any use, and a maskable 512', () => {
    const { icons } = buildWebManifest('Lunara');
    expect(icons).toContainEqual(expect.objectContaining({ sizes: '192x192', type: 'image/png', purpose: 'any' }));
    expect(icons).toContainEqual(expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'any' }));
    expect(icons).toContainEqual(expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }));
  });

  it('starts in the scope, with colours given as hex', () => {
    const manifest = buildWebManifest('Lunara');
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  });
});
