import { z } from 'zod';

/**
 * Pairing a gateway with a short code (docs/product.md §3a, docs/design.md §5d): a gateway started without a key
 * shows a code; an administrator enters it on the controller's page with the board's and webcam's addresses.
 *
 * The code's characters leave out those read or typed as others: 0 and O, 1, I and L. 31 characters, 8 of them:
 * 31^8 ≈ 8.5 × 10^11 codes.
 */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;
/** How long a code may be claimed after the gateway asked for it; the gateway then asks for a new one. */
export const PAIRING_CODE_TTL_MS = 10 * 60 * 1000;

/** A code as typed (any case, spaces, dashes) in its stored form: upper case, nothing but its characters. */
export const normalizePairingCode = (typed: string): string => typed.toUpperCase().replace(/[\s-]/g, '');

const CODE_PATTERN = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);
export const isPairingCode = (code: string): boolean => CODE_PATTERN.test(code);

/** How the gateway shows a code and the dialog reads it back: two groups of four, `ABCD-EFGH`. */
export const formatPairingCode = (code: string): string =>
  code.length === PAIRING_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;

function parsedUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

const httpAddress = (what: string, example: string) =>
  z
    .string()
    .trim()
    .max(300)
    .refine(
      (value) => {
        const url = parsedUrl(value);
        return url?.protocol === 'http:' && url.username === '' && url.password === '';
      },
      {
        message: `Must be the ${what} address over plain HTTP, e.g. ${example}`,
        params: { code: 'invalidFormat' },
      },
    );

/** POST /api/v1/controller/computer/{id}/pairing: the code, and where the gateway finds its board and webcam. */
export const pairingClaimBodySchema = z.object({
  code: z
    .string()
    .max(40)
    .transform(normalizePairingCode)
    .refine(isPairingCode, {
      message: `Must be the ${PAIRING_CODE_LENGTH} characters the gateway shows`,
      params: { code: 'invalidFormat' },
    }),
  board: httpAddress('board', 'http://192.168.1.50'),
  webcam: httpAddress('webcam', 'http://192.168.1.51:8080')
    .refine((value) => ['', '/'].includes(parsedUrl(value)?.pathname ?? ''), {
      message: 'Must have no path: mjpg-streamer serves /?action=stream at its root',
      params: { code: 'invalidFormat' },
    })
    .nullable()
    .default(null),
});
export type PairingClaimBody = z.input<typeof pairingClaimBodySchema>;

/** GET /api/v1/gateway/packages: the gateway's packages the portal offers, newest version only. */
export const gatewayPackagesSchema = z.object({
  /** Their version; null when none is built. */
  version: z.string().nullable(),
  packages: z.array(
    z.object({
      /** `deb`: Debian, Raspberry Pi OS; `npm`: any computer with Node.js (npm install -g). */
      kind: z.enum(['deb', 'npm']),
      file: z.string(),
      bytes: z.number().int(),
    }),
  ),
});
export type GatewayPackages = z.infer<typeof gatewayPackagesSchema>;
export const gatewayPackageParamsSchema = z.object({ file: z.string().max(100) });
