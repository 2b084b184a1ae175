import {
  API_TOKEN_VALIDITY_MONTHS,
  type ApiTokenLevel,
  apiTokenLevelSchema,
  type SlicerDestination,
  slicerDestinationSchema,
} from '@portal/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'machine-support-portal';
/** Its own audience: a slicer token is never a session, a machine ticket or a cookie, nor the other way round. */
const AUDIENCE = 'portal-slicer';

/** What a slicer token names (docs/design.md §4): nothing else about it is kept on the server. */
export interface ApiTokenClaims {
  userId: number;
  controllerId: number;
  level: ApiTokenLevel;
  /** Where its uploads land; signed in, so a URL edited by hand cannot send them elsewhere. */
  destination: SlicerDestination;
  generation: number;
  /** Milliseconds since the epoch: a revoke-all at or after this moment ends the token. */
  issuedAt: number;
}

/** Short claim names: the token travels in a URL the user pastes into a slicer. */
const claimsSchema = z.object({
  uid: z.number().int(),
  cid: z.number().int(),
  lvl: apiTokenLevelSchema,
  /** Absent: the machine, as every token made before destinations existed. */
  dst: slicerDestinationSchema.optional(),
  gen: z.number().int(),
  iat_ms: z.number().int(),
});

/** Six calendar months after `from`. */
export function sixMonthsAfter(from: Date): Date {
  const until = new Date(from.getTime());
  until.setUTCMonth(until.getUTCMonth() + API_TOKEN_VALIDITY_MONTHS);
  return until;
}

/** Signs and checks slicer tokens; whether a valid signature is still current is the service's question. */
export class ApiTokens {
  readonly #key: Uint8Array;
  readonly #clock: Clock;

  constructor(secret: string, clock: Clock) {
    this.#key = new TextEncoder().encode(secret);
    this.#clock = clock;
  }

  async sign(claims: Omit<ApiTokenClaims, 'issuedAt'>): Promise<{ token: string; expiresAt: number }> {
    const now = this.#clock();
    const expiresAt = sixMonthsAfter(now).getTime();
    const token = await new SignJWT({
      uid: claims.userId,
      cid: claims.controllerId,
      lvl: claims.level,
      ...(claims.destination.kind !== 'machine' && { dst: claims.destination }),
      gen: claims.generation,
      iat_ms: now.getTime(),
    })
      .setProtectedHeader({ alg: ALGORITHM })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(this.#key);
    return { token, expiresAt };
  }

  /** The claims of a token this server signed and that has not expired; 401 otherwise. */
  async verify(token: string): Promise<ApiTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.#clock(),
      });
      const claims = claimsSchema.parse(payload);
      return {
        userId: claims.uid,
        controllerId: claims.cid,
        level: claims.lvl,
        destination: claims.dst ?? { kind: 'machine' },
        generation: claims.gen,
        issuedAt: claims.iat_ms,
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        throw new AppError('SESSION_EXPIRED', 'This token has expired');
      throw new AppError('UNAUTHENTICATED', 'This token is not valid');
    }
  }
}
