import {
  can,
  type TwoFactorRecoveryCodes,
  type TwoFactorSettings,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@portal/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { type AuthService, type IssuedSession, isStaff, type SignInOrigin } from './auth.service.ts';
import type { TokenService } from './token.service.ts';
import {
  hashRecoveryCode,
  isAppCode,
  newRecoveryCodes,
  newSecret,
  openSecret,
  sealSecret,
  stepOfCode,
  totpUri,
} from './totp.ts';
import type { TwoFactorRepository } from './two-factor.repository.ts';

export interface TwoFactorServiceDeps {
  repository: TwoFactorRepository;
  auth: AuthService;
  users: UsersRepository;
  tokens: TokenService;
  clock: Clock;
  /** Encrypts the secrets at rest (`secretKeyFrom` the portal's secret). */
  secretKey: Buffer;
}

/** Who acts, from where: codes count in the login limits of their email and address. */
interface Caller {
  viewer: SessionSubject;
  address: string;
}

/**
 * Two-factor sign-in (docs/design.md §10): one's own set-up, confirmation and turning off, the second step of a
 * sign-in (with the set-up an administrator's requirement asks for), an administrator's reset and requirement.
 */
export class TwoFactorService {
  readonly #deps: TwoFactorServiceDeps;

  constructor(deps: TwoFactorServiceDeps) {
    this.#deps = deps;
  }

  async status(viewer: SessionSubject): Promise<TwoFactorStatus> {
    const { repository } = this.#deps;
    const enabled = await repository.isEnabled(viewer.id);
    return {
      enabled,
      recoveryCodesLeft: enabled ? await repository.recoveryCodesLeft(viewer.id) : 0,
      required: isStaff(viewer.role) && (await repository.required()),
    };
  }

  /** A new secret for one's authenticator app, pending until a code of it is confirmed. */
  startSetup(viewer: SessionSubject): Promise<TwoFactorSetup> {
    return this.#setUp(viewer.id);
  }

  /**
   * Turns the pending set-up on with one of its codes; answers the ten recovery codes, shown this once. Every other
   * session of the user ends: one opened with the password alone must not outlive the second factor.
   */
  async confirm({ viewer, address }: Caller, code: string): Promise<TwoFactorRecoveryCodes> {
    const recoveryCodes = await this.#confirm(viewer.id, await this.#emailOf(viewer.id), address, code);
    await this.#deps.auth.endSessionsOf(viewer.id, viewer.sessionId);
    return { recoveryCodes };
  }

  /** Turns one's second factor off, with a current code of the app. */
  async disable({ viewer, address }: Caller, code: string): Promise<void> {
    const { repository, auth } = this.#deps;
    const row = await repository.find(viewer.id);
    if (!row?.enabledAt) throw new AppError('TWO_FACTOR_OFF');
    await auth.judgeCode(await this.#emailOf(viewer.id), address, () =>
      this.#takeAppCode(viewer.id, row.secret, code),
    );
    await repository.remove(viewer.id);
  }

  /** An administrator removes a user's second factor (a lost phone): their next sign-in is by password alone. */
  async reset(viewer: SessionSubject, userId: number): Promise<void> {
    if (!can(viewer.role, 'resetTwoFactor')) throw new AppError('FORBIDDEN');
    if (!(await this.#deps.users.findWithBusinessStateById(userId))) throw new AppError('NOT_FOUND');
    await this.#deps.repository.remove(userId);
  }

  async settings(viewer: SessionSubject): Promise<TwoFactorSettings> {
    if (!can(viewer.role, 'settings')) throw new AppError('FORBIDDEN');
    return { requiredForStaff: await this.#deps.repository.required() };
  }

  async saveSettings(viewer: SessionSubject, settings: TwoFactorSettings): Promise<TwoFactorSettings> {
    if (!can(viewer.role, 'settings')) throw new AppError('FORBIDDEN');
    await this.#deps.repository.saveRequired(settings.requiredForStaff);
    return settings;
  }

  /** The set-up a required second factor asks for at sign-in, named by the challenge of a right password. */
  async setupAtSignIn(challenge: string): Promise<TwoFactorSetup> {
    const claims = await this.#deps.tokens.verifyChallenge(challenge);
    if (claims.step !== 'setup') throw new AppError('TWO_FACTOR_ON');
    await this.#deps.auth.activeViewer(claims.id);
    return this.#setUp(claims.id);
  }

  /**
   * The second step of a sign-in: an app's code or a recovery code for a `code` challenge, the first code of the
   * set-up for a `setup` one (then the recovery codes come with the session). Wrong codes count as wrong passwords.
   */
  async completeSignIn(
    challenge: string,
    code: string,
    { address, replacedToken, deviceToken }: SignInOrigin,
  ): Promise<IssuedSession & { recoveryCodes?: string[] }> {
    const { tokens, repository, auth } = this.#deps;
    const claims = await tokens.verifyChallenge(challenge);
    const viewer = await auth.activeViewer(claims.id);
    const email = await this.#emailOf(claims.id);
    // The device cookie spares the code the failures from elsewhere; the code is asked all the same.
    const device = await tokens.verifyDevice(deviceToken);
    let recoveryCodes: string[] | undefined;
    if (claims.step === 'setup') {
      recoveryCodes = await this.#confirm(claims.id, email, address, code);
    } else {
      const row = await repository.find(claims.id);
      // Reset since the password was given: the sign-in starts again.
      if (!row?.enabledAt) throw new AppError('UNAUTHENTICATED', 'Sign in again');
      await auth.judgeCode(
        email,
        address,
        () =>
          isAppCode(code)
            ? this.#takeAppCode(claims.id, row.secret, code)
            : repository
                .useRecoveryCode(claims.id, hashRecoveryCode(code))
                .then((used) => (used ? true : undefined)),
        device,
      );
    }
    // Turned on at sign-in: the sessions opened before it end, as in `confirm`; the new one is opened after.
    if (recoveryCodes) await auth.endSessionsOf(claims.id);
    const issued = await auth.openSession({ id: viewer.id, role: viewer.role, businessId: viewer.business });
    await auth.endReplaced(replacedToken, viewer.id);
    const known = await auth.knownDevice({ id: viewer.id, email }, device);
    return { ...issued, device: known, ...(recoveryCodes && { recoveryCodes }) };
  }

  async #setUp(userId: number): Promise<TwoFactorSetup> {
    const { repository, secretKey } = this.#deps;
    const secret = newSecret();
    if (!(await repository.startSetup(userId, sealSecret(secretKey, userId, secret)))) {
      throw new AppError('TWO_FACTOR_ON');
    }
    return { secret, uri: totpUri(secret, await this.#emailOf(userId)) };
  }

  /** The pending set-up's first code: right, it turns on with new recovery codes (answered in clear, this once). */
  async #confirm(userId: number, email: string, address: string, code: string): Promise<string[]> {
    const { repository, auth, clock } = this.#deps;
    const row = await repository.find(userId);
    if (!row) throw new AppError('TWO_FACTOR_OFF');
    if (row.enabledAt) throw new AppError('TWO_FACTOR_ON');
    await auth.judgeCode(email, address, () => this.#takeAppCode(userId, row.secret, code));
    const codes = newRecoveryCodes();
    if (!(await repository.enable(userId, codes.map(hashRecoveryCode), clock()))) {
      throw new AppError('TWO_FACTOR_ON');
    }
    return codes;
  }

  /** An app's code that is right now and whose time step was not used before: taken (true), else undefined. */
  async #takeAppCode(userId: number, sealed: string, code: string): Promise<true | undefined> {
    const { repository, secretKey, clock } = this.#deps;
    if (!isAppCode(code)) return undefined;
    const step = stepOfCode(openSecret(secretKey, userId, sealed), code.replace(/\s/g, ''), clock());
    if (step === null) return undefined;
    return (await repository.takeStep(userId, step)) ? true : undefined;
  }

  async #emailOf(userId: number): Promise<string> {
    const user = await this.#deps.users.findWithBusinessStateById(userId);
    if (!user) throw new AppError('SESSION_ENDED');
    return user.email;
  }
}
