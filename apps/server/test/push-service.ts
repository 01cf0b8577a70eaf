import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service of the test's own (what FCM or Mozilla's autopush are to a real browser), and the
 * browser's half of RFC 8291: its key pair and auth secret, and the decryption of what arrives. Written
 * from the RFCs with node:crypto, never with web-push, so that the server's encryption is checked by
 * an independent implementation.
 */

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface FakePushService {
  /** An endpoint address on this service (each subscription gets its own path). */
  endpoint(name: string): string;
  received: ReceivedPush[];
  /** What the service answers for this endpoint (201 unless set): 410 = gone, 500 = failing. */
  answer(name: string, status: number): void;
  /** Resolves once `count` pushes have reached this endpoint. */
  waitFor(name: string, count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').slice(1);
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const to = (name: string) => received.filter((push) => push.path === name);
  return {
    endpoint: (name) => `http://127.0.0.1:${port}/${name}`,
    received,
    answer: (name, status) => answers.set(name, status),
    async waitFor(name, count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (to(name).length < count) {
        if (Date.now() > deadline) throw new Error(`${to(name).length} of ${count} pushes reached ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return to(name);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface BrowserKeys {
  ecdh: ECDH;
  /** What PushSubscription.toJSON().keys holds: the public key and the auth secret, base64url. */
  keys: { p256dh: string; auth: string };
}

export function makeBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** RFC 8188 `aes128gcm` content coding with the RFC 8291 key derivation: the plaintext of one push. */
export function decryptPush(body: Buffer, browser: BrowserKeys): string {
  // Header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`key id of ${idLength} bytes, expected a 65-byte P-256 key`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const browserPublicKey = browser.ecdh.getPublicKey();
  const sharedSecret = browser.ecdh.computeSecret(senderPublicKey);
  const authSecret = Buffer.from(browser.keys.auth, 'base64url');
  // RFC 8291 section 3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0 || ua_public || as_public, 32).
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, authSecret, keyInfo, 32));
  // RFC 8188 section 2.2 and 2.3: the content key and the nonce (one record: sequence number 0).
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed with ES256 by the key given,
 * for the push service's origin. Returns the JWT's claims.
 */
export function verifyVapid(
  authorization: string | undefined,
  publicKey: string,
  audience: string,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token = '', key = ''] = match;
  if (key !== publicKey) throw new Error('k= is not the server public key');
  const [header = '', claims = '', signature = ''] = token.split('.');
  const parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg: string };
  if (parsedHeader.alg !== 'ES256') throw new Error(`alg ${parsedHeader.alg}`);
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (parsed.aud !== audience) throw new Error(`aud ${parsed.aud}, expected ${audience}`);
  const now = Date.now() / 1000;
  if (parsed.exp <= now || parsed.exp > now + 24 * 3600) throw new Error(`exp ${parsed.exp} is not within 24 h`);
  return parsed;
}
