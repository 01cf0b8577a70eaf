import { z } from 'zod';
import { opaqueText } from './text.ts';

/** How many devices a member keeps subscribed; subscribing one more drops her oldest. */
export const MAX_PUSH_DEVICES = 20;

export const PUSH_ENDPOINT_MESSAGE =
  "The push endpoint must be the https:// address of the browser's push service (Chrome, Edge, Firefox or Safari)";
/** The longest endpoint taken, as sent and as stored (the server's one spelling may be longer than what came). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2000;
const KEY_MESSAGE = 'The subscription keys must be the base64url strings the browser gave';

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (min: number, max: number) =>
  z
    .string({ message: KEY_MESSAGE })
    .min(min, KEY_MESSAGE)
    .max(max, KEY_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, KEY_MESSAGE);

/** The address exactly as the browser gave it: never a control or direction character (it reaches a header). */
const endpointSchema = opaqueText(PUSH_ENDPOINT_MAX_LENGTH, 'The push endpoint').refine(
  (text) => text.trim() !== '',
  PUSH_ENDPOINT_MESSAGE,
);

/** The https check is the server's (a test deployment may allow http on loopback); here only the shape. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes: 87 characters) and a 16-byte secret (22 characters).
      p256dh: base64url(80, 100),
      auth: base64url(16, 32),
    },
    { message: KEY_MESSAGE },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushEndpointSchema = z.object({ endpoint: endpointSchema });

export const pushPublicKeySchema = z.object({
  /** The VAPID public key, base64url: the browser's `applicationServerKey`. */
  publicKey: z.string(),
});

export const pushDeviceSchema = z.object({
  id: z.string(),
  /** "Chrome on Android": from the browser's user agent when it subscribed. */
  deviceLabel: z.string(),
  /** Hers to see, so the page can tell which of her devices is the one she is on. */
  endpoint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushDeviceListSchema = z.object({ devices: z.array(pushDeviceSchema) });
export type PushDeviceList = z.infer<typeof pushDeviceListSchema>;

/** What a push message carries (encrypted; only her browser reads it). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a click opens: a path of this site. */
  url: z.string(),
  /** Notifications with the same tag replace each other on the device. */
  tag: z.string(),
  type: z.string(),
  notificationId: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
