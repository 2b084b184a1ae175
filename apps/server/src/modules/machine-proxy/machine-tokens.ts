import { randomUUID } from 'node:crypto';
import { errors as joseErrors, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { VerifiedJwts } from '../../shared/verified-jwts.ts';
import type { MachinePath } from '../machine-access/machine-access.policy.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'machine-support-portal';
/** Distinct audiences: a ticket is not a cookie, and neither is a session token (or the other way round). */
const AUDIENCE = {
  ticket: 'portal-machine-ticket',
  access: 'portal-machine',
  download: 'portal-machine-download',
} as const;
/** A ticket only has to survive the frame loading its first page. */
export const TICKET_TTL_SECONDS = 60;

/** One user's session allowed into one machine's board pages by one path. */
export interface MachineGrant {
  userId: number;
  sessionId: string;
  controllerId: number;
  path: MachinePath;
}

/** One board file a download ticket lets its user fetch once through a plain link. */
export interface DownloadGrant extends MachineGrant {
  name: string;
}

const grantClaims = z.object({
  exp: z.number().int().optional(),
  jti: z.uuid().optional(),
  id: z.number().int(),
  sid: z.uuid(),
  cid: z.number().int(),
  path: z.enum(['customer', 'admin']),
});
const downloadClaims = grantClaims.extend({ name: z.string().min(1) });

/**
 * The machine origins' credentials (docs/machine-origins.md): the portal hands the frame a short ticket for one
 * machine; that machine's origin trades it for an HttpOnly cookie holding an access token for that machine only.
 * Both name the user's session, which is checked again on every request, so logging out ends them too. Tickets
 * (panel and download) travel in URLs, so each one works once: a copy from a log or a browser's history is
 * worth nothing.
 */
export class MachineTokens {
  readonly #key: Uint8Array;
  readonly #clock: Clock;
  /** Every request of a board page carries its cookie's access token. */
  readonly #verified: VerifiedJwts;
  /** Ids of redeemed tickets with when they expire; kept no longer than the tickets themselves live. */
  readonly #redeemed = new Map<string, number>();

  constructor(secret: string, clock: Clock) {
    this.#key = new TextEncoder().encode(secret);
    this.#clock = clock;
    this.#verified = new VerifiedJwts(this.#key, { algorithm: ALGORITHM, issuer: ISSUER });
  }

  /** A ticket and when it stops working (milliseconds since the epoch). */
  async ticket(grant: MachineGrant): Promise<{ ticket: string; expiresAt: number }> {
    const ticket = await this.#sign(grant, 'ticket', TICKET_TTL_SECONDS);
    return { ticket, expiresAt: this.#clock().getTime() + TICKET_TTL_SECONDS * 1000 };
  }

  access(grant: MachineGrant, ttlSeconds: number): Promise<string> {
    return this.#sign(grant, 'access', ttlSeconds);
  }

  /** The grant of a panel ticket, which works once. */
  async redeemTicket(token: string): Promise<MachineGrant> {
    const claims = await this.#verifyPayload(token, 'ticket', grantClaims);
    this.#redeem(claims);
    return grantOf(claims);
  }

  /** A download ticket for one file and when it stops working (milliseconds since the epoch). */
  async downloadTicket(grant: DownloadGrant): Promise<{ ticket: string; expiresAt: number }> {
    const ticket = await this.#sign(grant, 'download', TICKET_TTL_SECONDS, { name: grant.name });
    return { ticket, expiresAt: this.#clock().getTime() + TICKET_TTL_SECONDS * 1000 };
  }

  /** The grant of a download ticket, which works once. */
  async redeemDownload(token: string): Promise<DownloadGrant> {
    const claims = await this.#verifyPayload(token, 'download', downloadClaims);
    this.#redeem(claims);
    return { ...grantOf(claims), name: claims.name };
  }

  /** The grant of a machine cookie's token, with when the token expires (milliseconds since the epoch). */
  async verifyAccess(token: string): Promise<MachineGrant & { expiresAt: number }> {
    const claims = await this.#verifyPayload(token, 'access', grantClaims);
    return { ...grantOf(claims), expiresAt: (claims.exp ?? 0) * 1000 };
  }

  #redeem(claims: { jti?: string | undefined; exp?: number | undefined }): void {
    const now = this.#clock().getTime();
    for (const [id, expiresAt] of this.#redeemed) if (expiresAt <= now) this.#redeemed.delete(id);
    if (!claims.jti) throw new AppError('UNAUTHENTICATED', 'Invalid machine credentials');
    if (this.#redeemed.has(claims.jti)) throw new AppError('UNAUTHENTICATED', 'This link was already used');
    this.#redeemed.set(claims.jti, (claims.exp ?? 0) * 1000);
  }

  #sign(
    grant: MachineGrant,
    audience: keyof typeof AUDIENCE,
    ttlSeconds: number,
    extra: Record<string, string> = {},
  ): Promise<string> {
    const now = Math.floor(this.#clock().getTime() / 1000);
    return new SignJWT({
      id: grant.userId,
      sid: grant.sessionId,
      cid: grant.controllerId,
      path: grant.path,
      ...extra,
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE[audience])
      .setIssuedAt(now)
      .setJti(randomUUID())
      .setExpirationTime(now + ttlSeconds)
      .sign(this.#key);
  }

  /** The token's claims; any flaw (signature, audience, expiry, shape) is a 401. */
  async #verifyPayload<Claims extends z.ZodType>(
    token: string,
    audience: keyof typeof AUDIENCE,
    schema: Claims,
  ): Promise<z.output<Claims>> {
    try {
      const payload = await this.#verified.verify(token, AUDIENCE[audience], this.#clock());
      return schema.parse(payload);
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('SESSION_EXPIRED');
      throw new AppError('UNAUTHENTICATED', 'Invalid machine credentials');
    }
  }
}

function grantOf(claims: z.infer<typeof grantClaims>): MachineGrant {
  return { userId: claims.id, sessionId: claims.sid, controllerId: claims.cid, path: claims.path };
}
