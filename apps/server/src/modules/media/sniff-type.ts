import type { MediaKind } from '@lunara/shared/media';

/** How many first bytes `sniffContentType` needs to see (fewer when the file is shorter). */
export const SNIFF_BYTES = 64;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const;
const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
const LESSON_FILE_TYPES = ['application/pdf', 'audio/mpeg', 'audio/mp4', 'audio/wav', ...IMAGE_TYPES] as const;

export type SniffedType =
  | (typeof IMAGE_TYPES)[number]
  | (typeof VIDEO_TYPES)[number]
  | (typeof LESSON_FILE_TYPES)[number];

/** What each kind accepts, judged by content only (never the name or the Content-Type header). */
export const ACCEPTED_TYPES: Record<MediaKind, readonly SniffedType[]> = {
  avatar: IMAGE_TYPES,
  post_image: IMAGE_TYPES,
  course_cover: IMAGE_TYPES,
  lesson_video: VIDEO_TYPES,
  lesson_file: LESSON_FILE_TYPES,
  lesson_image: IMAGE_TYPES,
};

export const isAcceptedType = (kind: MediaKind, type: SniffedType | null): type is SniffedType =>
  type !== null && ACCEPTED_TYPES[kind].includes(type);

const ascii = (bytes: Buffer, start: number, length: number) =>
  bytes.subarray(start, start + length).toString('latin1');
const startsWith = (bytes: Buffer, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** The brands of an ISO base media file's `ftyp` box (major brand first), or null without one. */
function ftypBrands(bytes: Buffer): string[] | null {
  if (bytes.length < 12 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const boxSize = bytes.readUInt32BE(0);
  const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : 12);
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands;
}

/** Major brands of MP4 video (ISO base media, MPEG-4, 3GPP); HEIC and other ISO images are not among them. */
const MP4_VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'av01',
  'dash',
  'M4V ',
  'M4VP',
  'M4VH',
  'f4v ',
  'MSNV',
  'mmp4',
  '3gp4',
  '3gp5',
  '3gp6',
  '3gp7',
  '3g2a',
  '3g2b',
  '3g2c',
]);

function sniffIsoMedia(bytes: Buffer): SniffedType | null {
  const brands = ftypBrands(bytes);
  if (!brands) return null;
  const [major] = brands;
  if (major === 'avif' || major === 'avis' || (major === 'mif1' && brands.includes('avif'))) return 'image/avif';
  if (major === 'M4A ' || major === 'M4B ') return 'audio/mp4';
  if (major === 'qt  ') return 'video/quicktime';
  if (major && MP4_VIDEO_BRANDS.has(major)) return 'video/mp4';
  return null;
}

/** An MPEG audio frame header: sync bits, then a version, layer, bit rate and sample rate that exist. */
function isMpegAudioFrame(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff) return false;
  const second = bytes[1] as number;
  const third = bytes[2] as number;
  if ((second & 0xe0) !== 0xe0) return false;
  const version = (second >> 3) & 0b11;
  const layer = (second >> 1) & 0b11;
  const bitRate = third >> 4;
  const sampleRate = (third >> 2) & 0b11;
  return version !== 0b01 && layer !== 0b00 && bitRate !== 0b1111 && sampleRate !== 0b11;
}

/**
 * The type of a file from its first bytes (at least SNIFF_BYTES of them, or all of a shorter file), or
 * null when it is none of the types any kind accepts.
 */
export function sniffContentType(bytes: Buffer): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && bytes.length >= 12) {
    const form = ascii(bytes, 8, 4);
    if (form === 'WEBP') return 'image/webp';
    if (form === 'WAVE') return 'audio/wav';
    return null;
  }
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  // EBML (Matroska's container): WebM says so in its DocType near the start.
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return bytes.includes('webm', 4, 'latin1') ? 'video/webm' : null;
  const iso = sniffIsoMedia(bytes);
  if (iso) return iso;
  if (ascii(bytes, 0, 3) === 'ID3' || isMpegAudioFrame(bytes)) return 'audio/mpeg';
  return null;
}

/** The name a stored original gets: a plain extension from the sniffed type, never from the upload's name. */
export const EXTENSIONS: Record<SniffedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
};
