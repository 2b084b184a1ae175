import { randomBytes } from 'node:crypto';
import type { TwoFactorSetup } from '@portal/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { PasswordHasher } from '../../shared/password-hasher.ts';
import type { UsersRepository, UserWithBusinessState } from '../users/users.repository.ts';
import { type AuthService, type IssuedSession, refusalOf } from './auth.service.ts';
import { KNOWN_DEVICE_TTL_MS, type LoginLimits } from './login-limits.ts';
import type { DeviceClaims, TokenService } from './token.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export interface SignInServiceDeps {
  users: UsersRepository;
  hasher: PasswordHasher;
  tokens: TokenService;
  clock: Clock;
  /** The login limits every password and code of a sign-in is judged under (docs/design.md §10a). */
  limits: LoginLimits;
  /** Whose sign-in asks for a second step, and the check of its code (docs/design.md §10). */
  twoFactor: TwoFactorService;
  /** Keeps the session a sign-in opens. */
  sessions: Pick<AuthService, 'openSession'>;
}

/** A right password of a user with two-factor sign-in, or one required to set it up: the second step's challenge. */
export interface SecondStep {
  step: 'code' | 'setup';
  challenge: string;
}

/** Where a sign-in comes from: its address, the session it replaces (the popup's), the device cookie it presents. */
export interface SignInOrigin {
  address: string;
  replacedToken?: string | undefined;
  deviceToken?: string | undefined;
}

/** A session a sign-in opened; with the recovery codes when a set-up was confirmed in it. */
export interface SignedIn extends IssuedSession {
  recoveryCodes?: string[];
}

/**
 * The whole sign-in: the password under the login limits and known devices, the second step when the account has
 * or needs a second factor, and the session it opens with the device cookie. Each step reads the user once; the
 * second step's challenge carries what its limits need (the user and the account's email).
 */
export class SignInService {
  readonly #deps: SignInServiceDeps;

  constructor(deps: SignInServiceDeps) {
    this.#deps = deps;
  }

  /**
   * Checks the credentials and opens a session, or answers the second step's challenge. The attempt is admitted,
   * and counted in flight, before the password is hashed, so concurrent attempts cannot slip past the limits, and
   * it is a failure only once the password proves wrong, so concurrent correct ones are not slowed; one the limits
   * are known to refuse is refused before anything else (`LoginLimits`). A valid device cookie of the account is
   * judged under the device's own budget instead. Unknown accounts get the same answer after the same hashing work
   * as a wrong password, so the answer says nothing about which accounts exist. `origin.replacedToken` is the
   * session the caller renews (the session popup): it ends once the new one opens.
   */
  async login(email: string, password: string, origin: SignInOrigin): Promise<IssuedSession | SecondStep> {
    const { users, hasher, tokens, limits, twoFactor } = this.#deps;
    const device = await tokens.verifyDevice(origin.deviceToken);
    const attempt = await limits.admit(email, origin.address, device);
    let user: UserWithBusinessState | undefined;
    let valid: boolean;
    try {
      user = await users.findWithBusinessStateByEmail(email);
      valid = await hasher.verify(user?.passwordHash, password, attempt.ticket);
    } catch (error) {
      await attempt.withdraw();
      throw error;
    }
    if (!user || !valid) {
      await attempt.failed();
      throw new AppError('INVALID_CREDENTIALS');
    }
    const step = await twoFactor.stepAtSignIn(user);
    if (step) {
      // Not yet a success: failures are forgiven only once the second step passes, so a known password does
      // not reset the count of wrong codes.
      await attempt.withdraw();
      assertAllowed(user);
      return { step, challenge: await tokens.issueChallenge(user, step) };
    }
    await attempt.succeeded();
    assertAllowed(user);
    return this.#open(user, origin, device);
  }

  /**
   * The second step of a sign-in: an app's code or a recovery code for a `code` challenge, the first code of the
   * set-up for a `setup` one (then the recovery codes come with the session). Wrong codes count as wrong passwords,
   * under the account the challenge names and the address the code comes from.
   */
  async completeTwoFactor(challenge: string, code: string, origin: SignInOrigin): Promise<SignedIn> {
    const { tokens, twoFactor } = this.#deps;
    const claims = await tokens.verifyChallenge(challenge);
    const user = await this.#allowed(claims.id);
    // The device cookie spares the code the failures from elsewhere; the code is asked all the same.
    const device = await tokens.verifyDevice(origin.deviceToken);
    const attempt = { email: claims.email, address: origin.address };
    if (claims.step === 'setup') {
      // The set-up's first code meets the account's and address's limits, as it does from a session.
      const recoveryCodes = await twoFactor.enable(user.id, code, attempt);
      // Turned on at sign-in: the sessions opened before it end, as when turned on from a session.
      return { ...(await this.#open(user, origin, device, true)), recoveryCodes };
    }
    await twoFactor.verify(user.id, code, { ...attempt, device });
    return this.#open(user, origin, device);
  }

  /** The set-up a required second factor asks for at sign-in, named by the challenge of a right password. */
  async setupAtSignIn(challenge: string): Promise<TwoFactorSetup> {
    const claims = await this.#deps.tokens.verifyChallenge(challenge);
    if (claims.step !== 'setup') throw new AppError('TWO_FACTOR_ON');
    const user = await this.#allowed(claims.id);
    return this.#deps.twoFactor.setUp(user.id, user.email);
  }

  /** The user a challenge names, as the database has them now: still there, enabled, their business active. */
  async #allowed(userId: number): Promise<UserWithBusinessState> {
    const user = await this.#deps.users.findWithBusinessStateById(userId);
    if (!user) throw new AppError('SESSION_ENDED');
    assertAllowed(user);
    return user;
  }

  /** Opens the session (ending the one it replaces, or every other one), with the known device's cookie. */
  async #open(
    user: UserWithBusinessState,
    origin: SignInOrigin,
    presented: DeviceClaims | null,
    endingOthers = false,
  ): Promise<IssuedSession> {
    const issued = await this.#deps.sessions.openSession(user, {
      replacing: origin.replacedToken,
      endingOthers,
    });
    return { ...issued, device: await this.#knownDevice(user, presented) };
  }

  /**
   * The device cookie's token for a user who has just signed in: the presented device's id again when it was this
   * user's, else a new one; valid for `KNOWN_DEVICE_TTL_MS` from now.
   */
  async #knownDevice(
    user: { id: number; email: string },
    presented: DeviceClaims | null,
  ): Promise<{ token: string; expiresAt: Date }> {
    const { tokens, clock } = this.#deps;
    const device = presented?.id === user.id ? presented.device : randomBytes(16).toString('base64url');
    const expiresAt = new Date(clock().getTime() + KNOWN_DEVICE_TTL_MS);
    return {
      token: await tokens.issueDevice({ id: user.id, email: user.email, device }, expiresAt),
      expiresAt,
    };
  }
}

function assertAllowed(user: { enabled: boolean; businessActive: boolean; role: number }): void {
  const refusal = refusalOf(user);
  if (refusal) throw refusal;
}
