import { z } from 'zod';

/**
 * What a gateway without a key and the portal say to pair (docs/design.md §5d). The gateway makes its own key and
 * sends only the key's SHA-256 when it asks for a code, so the key never crosses the portal's pages or anyone's
 * clipboard; it then asks, with the key itself, whether the code was claimed, and learns its controller and where
 * its board and webcam are.
 */
export const PAIRING_PATH = '/api/v1/gateway/pairing';
export const PAIRING_STATUS_PATH = '/api/v1/gateway/pairing/status';
/** How often a waiting gateway asks whether its code was claimed. */
export const PAIRING_POLL_MS = 3_000;

const hexSha256 = z.string().regex(/^[0-9a-f]{64}$/, 'Must be a SHA-256 in lower-case hexadecimal');

/** POST PAIRING_PATH: a new code for this key. */
export const pairingRequestSchema = z.object({
  keyHash: hexSha256,
  version: z.string().max(40),
});
export type PairingRequest = z.infer<typeof pairingRequestSchema>;

/** 201: the code to show, and until when it may be claimed. */
export const pairingIssuedSchema = z.object({
  code: z.string(),
  expiresAt: z.iso.datetime(),
});
export type PairingIssued = z.infer<typeof pairingIssuedSchema>;

/** POST PAIRING_STATUS_PATH: whether the code was claimed, proved by the key whose hash asked for it. */
export const pairingStatusRequestSchema = z.object({
  code: z.string().max(40),
  key: z.string().min(1).max(512),
});

/** 200: still waiting, or paired with a controller, with the addresses the administrator entered. */
export const pairingStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('waiting'), expiresAt: z.iso.datetime() }),
  z.object({
    state: z.literal('paired'),
    controller: z.number().int(),
    board: z.string(),
    webcam: z.string().nullable(),
  }),
]);
export type PairingStatus = z.infer<typeof pairingStatusSchema>;
