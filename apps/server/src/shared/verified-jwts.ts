import { type JWTPayload, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

/** Enough for the live tokens of a busy instance; past it the oldest are verified again. */
const DEFAULT_CAPACITY = 10_000;

export interface VerifiedJwtsOptions {
  /** The one algorithm accepted (the portal pins HS256: `alg: none` or a swapped algorithm never verifies). */
  algorithm: string;
  issuer: string;
  capacity?: number;
}

/**
 * jose's `jwtVerify` for the tokens this server signs, remembering each token it has verified whole: a page
 * sends the same token with every request, and a board page polls several times a second, each poll otherwise
 * one HMAC through WebCrypto with the key imported again (a quarter of the portal's CPU per proxied request, per
 * docs/benchmarks.md). A token is only ever answered from here as the same string, for the same audience, with
 * its time claims checked again against `now` as jose checks them; anything else goes to jose, so the outcome
 * is always jose's.
 */
export class VerifiedJwts {
  readonly #key: Uint8Array;
  readonly #options: VerifiedJwtsOptions;
  /** `audience` and token → its payload; past the capacity the least used is verified again. */
  readonly #verified: LRUCache<string, Readonly<JWTPayload>>;

  constructor(key: Uint8Array, options: VerifiedJwtsOptions) {
    this.#key = key;
    this.#options = options;
    this.#verified = new LRUCache({ max: options.capacity ?? DEFAULT_CAPACITY });
  }

  /**
   * The payload of a token valid for `audience` at `now`; rejects with jose's errors otherwise. With a
   * `clockTolerance` (seconds an expired token is still accepted) jose always decides, and nothing is kept.
   */
  async verify(
    token: string,
    audience: string,
    now: Date,
    clockTolerance = 0,
  ): Promise<Readonly<JWTPayload>> {
    const key = `${audience} ${token}`;
    if (clockTolerance === 0) {
      const known = this.#verified.get(key);
      if (known && inTime(known, now)) return known;
      this.#verified.delete(key);
    }
    const { payload } = await jwtVerify(token, this.#key, {
      algorithms: [this.#options.algorithm],
      issuer: this.#options.issuer,
      audience,
      currentDate: now,
      ...(clockTolerance > 0 && { clockTolerance }),
    });
    if (clockTolerance === 0) this.#verified.set(key, Object.freeze(payload));
    return payload;
  }
}

/** jose's time checks without tolerance: not before `nbf`, and `exp` still ahead (both in whole seconds). */
function inTime(payload: JWTPayload, now: Date): boolean {
  const seconds = Math.floor(now.getTime() / 1000);
  return (
    (payload.nbf === undefined || payload.nbf <= seconds) &&
    (payload.exp === undefined || payload.exp > seconds)
  );
}
