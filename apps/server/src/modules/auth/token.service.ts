import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Role, type SessionClaims, sessionClaimsSchema } from '@portal/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError, unauthenticated } from '../../plugins/app-error.ts';

/** HS256 only: the algorithm is pinned on both sides, so `alg: none` or a swapped algorithm never verifies. */
const ALGORITHM = 'HS256';
const ISSUER = 'machine-support-portal';
const AUDIENCE = { session: 'portal-api', video: 'portal-webcam' } as const;
type Audience = keyof typeof AUDIENCE;

export interface SessionSubject {
  id: number;
  role: Role;
  business: number;
}

export interface IssuedSession {
  accessToken: string;
  videoToken: string;
  expiresAt: Date;
}

/** Signs and checks the session token and the webcam-only video token (DESIGN.md section 4). */
export class TokenService {
  readonly #key: Uint8Array;
  readonly #ttlSeconds: number;
  readonly #now: () => Date;

  constructor(secret: string, ttlSeconds: number, now: () => Date) {
    this.#key = new TextEncoder().encode(secret);
    this.#ttlSeconds = ttlSeconds;
    this.#now = now;
  }

  async issue(subject: SessionSubject): Promise<IssuedSession> {
    const issuedAt = Math.floor(this.#now().getTime() / 1000);
    const exp = issuedAt + this.#ttlSeconds;
    const sign = (audience: Audience) =>
      new SignJWT({ id: subject.id, role: subject.role, business: subject.business })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE[audience])
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(this.#key);
    const [accessToken, videoToken] = await Promise.all([sign('session'), sign('video')]);
    return { accessToken, videoToken, expiresAt: new Date(exp * 1000) };
  }

  verifySession(token: string): Promise<SessionClaims> {
    return this.#verify(token, 'session');
  }

  verifyVideo(token: string): Promise<SessionClaims> {
    return this.#verify(token, 'video');
  }

  async #verify(token: string, audience: Audience): Promise<SessionClaims> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE[audience],
        currentDate: this.#now(),
      });
      const claims = sessionClaimsSchema.safeParse(payload);
      if (!claims.success) throw unauthenticated('Invalid session token');
      return claims.data;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw unauthenticated('Session expired');
      throw unauthenticated('Invalid session token');
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
