import { describe, expect, it } from 'vitest';
import {
  BAD_RETURN_ADDRESS,
  httpsUrlSchema,
  isHttpsUrl,
  isOwnMediaPath,
  returnAddressSchema,
  servedAvatarUrl,
} from './urls.ts';

const EXTERNAL_AVATARS = [
  'http://tracker.example/a.png',
  'https://tracker.example/a.png',
  '//tracker.example/a.png',
  'javascript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '/media/../../tracker.example',
  '/media//tracker.example/a.png',
  '/media/.hidden',
  '/media/',
  '/mediaevil/a.png',
  '/media/a.png?next=https://tracker.example',
  '/api/media/a.png',
  ' /media/a b.png',
];

describe('avatars', () => {
  it('knows only this server’s own upload paths as its own', () => {
    expect(isOwnMediaPath('/media/avatars/1f2e3d.webp')).toBe(true);
    for (const url of EXTERNAL_AVATARS) expect(isOwnMediaPath(url), url).toBe(false);
  });

  it('sends only own upload paths to browsers', () => {
    expect(servedAvatarUrl('/media/avatars/a.png')).toBe('/media/avatars/a.png');
    expect(servedAvatarUrl(null)).toBeNull();
    for (const url of EXTERNAL_AVATARS) expect(servedAvatarUrl(url), url).toBeNull();
  });
});

describe('https addresses', () => {
  const link = httpsUrlSchema('The meeting link must be an https:// address');

  it('accepts a whole https address and treats an empty one as none', () => {
    expect(link.parse(' https://meet.jit.si/lunara-circle ')).toBe('https://meet.jit.si/lunara-circle');
    expect(link.parse('')).toBeNull();
  });

  it('refuses anything else', () => {
    for (const url of [
      'http://meet.example/x',
      'javascript:alert(1)',
      'https://',
      'https://user:pass@meet.example/',
      'https://meet.example/x\r\nDESCRIPTION:injected',
      'https://meet.example/x\nATTENDEE:mailto:a@b',
      'https://meet.example/a b',
      'https://meet.example/\u0000',
      // Characters that make a link read as another address (a probe stored both).
      'https://evil.example/\u202Emoc.mooz//:sptth',
      'https://zo\u200Bom.us/j/1',
      `https://meet.example/${'a'.repeat(2000)}`,
      'meet.example',
    ]) {
      expect(isHttpsUrl(url.trim()) && url.length <= 2000, JSON.stringify(url)).toBe(false);
      expect(link.safeParse(url).error?.issues[0]?.message, JSON.stringify(url)).toBe(
        'The meeting link must be an https:// address',
      );
    }
  });
});

describe('return addresses', () => {
  it('accepts a page of this site or a web address', () => {
    for (const address of [
      '/dashboard',
      '/reset-password?x=1',
      'http://localhost:3000/reset-password',
      'https://lunara.example/',
    ]) {
      expect(returnAddressSchema.parse(address)).toBe(address);
    }
  });

  it('refuses other hosts disguised as paths, other schemes and hidden characters', () => {
    for (const address of [
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'dashboard',
      '/a b',
      '/a\u0000',
      '/file\u202Etxt',
      '\u200B',
      '',
      `/${'a'.repeat(2000)}`,
    ]) {
      expect(returnAddressSchema.safeParse(address).error?.issues[0]?.message, JSON.stringify(address)).toBe(
        BAD_RETURN_ADDRESS,
      );
    }
  });
});
