import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  SESSION_MAX_HOURS,
  sessionClaimsSchema,
  TWO_FACTOR,
  VIDEO_TOKEN_TTL_SECONDS,
} from '@portal/contract';
import { errors as joseErrors, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { VerifiedJwts } from '../../shared/verified-jwts.ts';

/** HS256 only: the algorithm is pinned on both sides, so `alg: none` or a swapped algorithm never verifies. */
const ALGORITHM = 'HS256';
const ISSUER = 'machine-support-portal';
const AUDIENCE = { session: 'portal-api', video: 'portal-webcam' } as const;
/** The second step of a sign-in (docs/design.md §10): accepted by nothing but that step. */
const CHALLENGE_AUDIENCE = 'portal-two-factor';
/**
 * Names the user and, as the login limits key the code's attempts (the account, and the account a device cookie
 * must name), their email: the second step needs no read of the user to count its attempts.
 */
const challengeClaimsSchema = z.object({
  id: z.number().int().positive(),
  email: z.string().min(1),
  step: z.enum(['code', 'setup']),
  iat: z.number().int(),
});
export type ChallengeClaims = z.infer<typeof challengeClaimsSchema>;
/** A known device's cookie (docs/design.md §10a): accepted by nothing but the sign-in's limits. */
const DEVICE_AUDIENCE = 'portal-known-device';
const deviceClaimsSchema = z.object({
  id: z.number().int().positive(),
  email: z.string().min(1),
  jti: z.string().min(16).max(64),
  iat: z.number().int(),
});
/** The user a known device signed in as (by id and email) and the device's own id. */
export interface DeviceClaims {
  id: number;
  email: string;
  device: string;
}
/** Clocks of several portal instances may differ by this much: an `iat` further ahead is forged. */
const CLOCK_TOLERANCE_SECONDS = 5;

/** The claims the server reads: the contract's (which the client reads too), the session id and iat. */
const serverClaimsSchema = sessionClaimsSchema.extend({ sid: z.uuid(), iat: z.number().int() });
export type SessionTokenClaims = z.infer<typeof serverClaimsSchema>;

export interface TokenSubject {
  id: number;
  role: number;
  business: number;
  sessionId: string;
}

export interface IssuedTokens {
  accessToken: string;
  videoToken: string;
}

/** Signs and checks the session token and the webcam-only video token (docs/design.md §4). */
export class TokenService {
  readonly #key: Uint8Array;
  readonly #clock: Clock;
  readonly #verified: VerifiedJwts;

  constructor(secret: string, clock: Clock) {
    this.#key = new TextEncoder().encode(secret);
    this.#clock = clock;
    this.#verified = new VerifiedJwts(this.#key, { algorithm: ALGORITHM, issuer: ISSUER });
  }

  async issue(subject: TokenSubject, expiresAt: Date): Promise<IssuedTokens> {
    const [accessToken, videoToken] = await Promise.all([
      this.#sign(subject, 'session', expiresAt.getTime()),
      this.issueVideo(subject, expiresAt),
    ]);
    return { accessToken, videoToken };
  }

  /** A webcam token: minutes long, and never past the end of its session. */
  issueVideo(subject: TokenSubject, sessionEnd: Date): Promise<string> {
    const end = Math.min(sessionEnd.getTime(), this.#clock().getTime() + VIDEO_TOKEN_TTL_SECONDS * 1000);
    return this.#sign(subject, 'video', end);
  }

  #sign(subject: TokenSubject, audience: keyof typeof AUDIENCE, expiresAtMs: number): Promise<string> {
    return new SignJWT({
      id: subject.id,
      role: subject.role,
      business: subject.business,
      sid: subject.sessionId,
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE[audience])
      .setIssuedAt(Math.floor(this.#clock().getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAtMs / 1000))
      .sign(this.#key);
  }

  /** The challenge a right password earns a user with two-factor sign-in: minutes long, no session in it. */
  issueChallenge(user: { id: number; email: string }, step: ChallengeClaims['step']): Promise<string> {
    const now = Math.floor(this.#clock().getTime() / 1000);
    return new SignJWT({ id: user.id, email: user.email.toLowerCase(), step })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(CHALLENGE_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + TWO_FACTOR.challengeSeconds)
      .sign(this.#key);
  }

  /** The claims of a valid challenge; anything else (expired too: the password is asked again) is a 401. */
  async verifyChallenge(token: string): Promise<ChallengeClaims> {
    const now = this.#clock();
    try {
      const claims = challengeClaimsSchema.safeParse(
        await this.#verified.verify(token, CHALLENGE_AUDIENCE, now, 0),
      );
      if (claims.success && claims.data.iat <= now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS)
        return claims.data;
    } catch {
      // Refused below, whatever the reason.
    }
    throw new AppError('UNAUTHENTICATED', 'Invalid or expired sign-in challenge');
  }

  /** A known device's token: the user it signed in as, the device's id, until `expiresAt`. */
  issueDevice(claims: DeviceClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ id: claims.id, email: claims.email.toLowerCase() })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(DEVICE_AUDIENCE)
      .setJti(claims.device)
      .setIssuedAt(Math.floor(this.#clock().getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.#key);
  }

  /** The claims of a valid device token, or null for anything else (absent, forged, expired): no bypass. */
  async verifyDevice(token: string | undefined): Promise<DeviceClaims | null> {
    if (!token) return null;
    const now = this.#clock();
    try {
      const claims = deviceClaimsSchema.safeParse(await this.#verified.verify(token, DEVICE_AUDIENCE, now));
      if (!claims.success || claims.data.iat > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS) return null;
      return { id: claims.data.id, email: claims.data.email, device: claims.data.jti };
    } catch {
      return null;
    }
  }

  /** The claims of a valid session token; anything else is a 401 that says as little as possible. */
  verifySession(token: string): Promise<SessionTokenClaims> {
    return this.#verify(token, 'session');
  }

  /**
   * The claims of a session token that may have run out: a renewal names its session with it (proof that the
   * caller is the page that holds it, which another site cannot read). Whether the session may still be
   * renewed is the database's to say.
   */
  verifySessionForRenewal(token: string): Promise<SessionTokenClaims> {
    return this.#verify(token, 'session', SESSION_MAX_HOURS.max * 3600);
  }

  /** The claims of a valid webcam token (only the webcam relay accepts these). */
  verifyVideo(token: string): Promise<SessionTokenClaims> {
    return this.#verify(token, 'video');
  }

  async #verify(
    token: string,
    audience: keyof typeof AUDIENCE,
    expiryToleranceSeconds = 0,
  ): Promise<SessionTokenClaims> {
    const now = this.#clock();
    try {
      const payload = await this.#verified.verify(token, AUDIENCE[audience], now, expiryToleranceSeconds);
      const claims = serverClaimsSchema.safeParse(payload);
      // A token "issued" in the future was not issued by this server's clock: refuse it.
      if (!claims.success || claims.data.iat > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS) {
        throw new AppError('UNAUTHENTICATED', 'Invalid session token');
      }
      return claims.data;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AppError('SESSION_EXPIRED');
      throw new AppError('UNAUTHENTICATED', 'Invalid session token');
    }
  }
}

/**
 * The signing secret: the configured one, else the one kept in the data folder, created on first start
 * so that sessions survive a restart without anyone having to configure a secret.
 */
export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
