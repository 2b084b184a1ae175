import { z } from 'zod';
import { LANGUAGES } from './constants.ts';

/** Push service addresses are long capability URLs; 2 KiB is far above any real one and fits an index. */
export const PUSH_ENDPOINT_MAX = 2048;

/** base64url with or without padding, as browsers and libraries write the subscription's keys. */
const base64Url = (bytes: number) => {
  const chars = Math.ceil((bytes * 4) / 3);
  return z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url')
    .min(chars)
    .max(chars + 2);
};

/**
 * POST /api/v1/notifications/subscribe: the browser's PushSubscription as `toJSON()` writes it
 * (docs/product.md §3, "sent as is"), plus the language of the page that subscribed, in which the
 * notifications of that browser are written and whose pages they open. The push service must be reached over
 * HTTPS.
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'Must be an https:// URL' }).max(PUSH_ENDPOINT_MAX),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64Url(65),
    /** The authentication secret (16 bytes). */
    auth: base64Url(16),
  }),
  language: z.enum(LANGUAGES).optional(),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBodySchema>;

/** POST /api/v1/notifications/unsubscribe: the endpoint of one of the caller's own subscriptions. */
export const pushUnsubscribeBodySchema = z.object({
  endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX),
});
export type PushUnsubscribeBody = z.input<typeof pushUnsubscribeBodySchema>;

/** GET /api/v1/notifications/vapid-public-key: the server's VAPID key, base64url, for `applicationServerKey`. */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

/** What a notification is about. */
export const PUSH_KINDS = [
  'ticketCreated',
  'ticketAnswered',
  'ticketClosed',
  'ticketReopened',
  'queueJobStarted',
  'queueJobFinished',
  'queueJobFailed',
  'jobFinished',
  'jobFailed',
  'halted',
  'boardOffline',
  'boardOnline',
  'gatewayOffline',
  'gatewayOnline',
  'serviceRequested',
  'serviceAccepted',
  'serviceRejected',
  'serviceEnded',
  'maintenanceDue',
  'licenceExpiring',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * The JSON a push message carries, which the service worker shows: the text already in the subscription's
 * language, the page to open on a click, and what it is about.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** The portal page to open, e.g. `/en/tickets/12`. */
  url: string;
  /** Notifications with the same tag replace each other (one per ticket, one per machine and kind). */
  tag: string;
  kind: PushKind;
  ticketId?: number;
  machineId?: number;
}
