import { createHmac } from 'node:crypto';

/** RFC 4648 base32 (what an otpauth:// URI carries) to bytes. */
export function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index === -1) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) of a base32 secret at `time`, as an authenticator app shows it. */
export function totpCode(base32Secret: string, time = Date.now(), stepsFromNow = 0): string {
  const counter = Math.floor(time / 30_000) + stepsFromNow;
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(base32Secret)).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The base32 secret of an otpauth:// URI. */
export function secretOfUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`No secret in ${uri}`);
  return secret;
}

/** A code that is certainly wrong now (not the current one, nor the one before or after). */
export function wrongCode(base32Secret: string, time = Date.now()): string {
  const valid = new Set([-1, 0, 1].map((step) => totpCode(base32Secret, time, step)));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
