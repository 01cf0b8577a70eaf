import { describe, expect, it } from 'vitest';
import { MP3, makeImage, makeMp4, PDF } from '../../../test/fixtures/media-files.ts';
import { isAcceptedType, sniffContentType } from './sniff-type.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], ...compatible);

describe('sniffContentType', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
  ] as const)('knows a real %s made by sharp', async (format, type) => {
    expect(sniffContentType((await makeImage(16, 16, format)).subarray(0, 64))).toBe(type);
  });

  it('knows videos, audio and documents by their first bytes', () => {
    expect(sniffContentType(makeMp4(200))).toBe('video/mp4');
    expect(sniffContentType(ftyp('qt  ', 'qt  '))).toBe('video/quicktime');
    expect(sniffContentType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))).toBe('video/webm');
    expect(sniffContentType(ftyp('M4A ', 'M4A ', 'mp42', 'isom'))).toBe('audio/mp4');
    expect(sniffContentType(ftyp('mif1', 'mif1', 'avif'))).toBe('image/avif');
    expect(sniffContentType(PDF)).toBe('application/pdf');
    expect(sniffContentType(MP3)).toBe('audio/mpeg');
    // An MP3 without an ID3 tag: MPEG-1 layer III frame sync, 128 kbit/s, 44.1 kHz.
    expect(sniffContentType(bytes([0xff, 0xfb, 0x90, 0x64, 0, 0]))).toBe('audio/mpeg');
    expect(sniffContentType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBe('audio/wav');
  });

  it('knows nothing else, whatever the file claims to be', () => {
    expect(sniffContentType(Buffer.alloc(0))).toBeNull();
    expect(sniffContentType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffContentType(bytes('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffContentType(bytes('MZ', [0x90, 0, 3, 0]))).toBeNull();
    expect(sniffContentType(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))).toBeNull();
    // Matroska that is not WebM, HEIC photos, a JPEG's start cut short, a byte that is almost a frame sync.
    expect(sniffContentType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska'))).toBeNull();
    expect(sniffContentType(ftyp('heic', 'mif1', 'heic'))).toBeNull();
    expect(sniffContentType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffContentType(bytes([0xff, 0xfb, 0xf0, 0x64]))).toBeNull();
  });

  it('accepts for each kind only its own types', () => {
    expect(isAcceptedType('avatar', 'image/png')).toBe(true);
    expect(isAcceptedType('avatar', 'application/pdf')).toBe(false);
    expect(isAcceptedType('post_image', 'video/mp4')).toBe(false);
    expect(isAcceptedType('lesson_video', 'video/webm')).toBe(true);
    expect(isAcceptedType('lesson_video', 'audio/mpeg')).toBe(false);
    expect(isAcceptedType('lesson_file', 'application/pdf')).toBe(true);
    expect(isAcceptedType('lesson_file', 'image/jpeg')).toBe(true);
    expect(isAcceptedType('lesson_file', 'video/mp4')).toBe(false);
    expect(isAcceptedType('lesson_file', null)).toBe(false);
  });
});
