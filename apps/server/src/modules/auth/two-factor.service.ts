import {
  can,
  Role,
  type TwoFactorRecoveryCodes,
  type TwoFactorSettings,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@portal/contract';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { LoginLimits } from './login-limits.ts';
import type { DeviceClaims } from './token.service.ts';
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
  /** Ends one's other sessions when one turns the second factor on from a session. */
  sessions: { endSessionsOf(userId: number, kept?: string): Promise<void> };
  users: UsersRepository;
  /** Codes count in the login limits as passwords do (docs/design.md §10). */
  limits: LoginLimits;
  clock: Clock;
  /** Encrypts the secrets at rest (`secretKeyFrom` the portal's secret). */
  secretKey: Buffer;
}

/**
 * Where an attempt at a code counts in the login limits: the account's email, the caller's address, and the
 * device cookie presented (its own budget when it names the account).
 */
export interface CodeAttempt {
  email: string;
  address: string;
  device?: DeviceClaims | null;
}

/** Who acts, from where: codes count in the login limits of their email and address. */
interface Caller {
  viewer: SessionSubject;
  address: string;
}

/** Roles an administrator may require two-factor sign-in of (docs/design.md §10). */
const STAFF: readonly number[] = [Role.Administrator, Role.Technician];
const isStaff = (role: number): boolean => STAFF.includes(role);

/**
 * Two-factor sign-in (docs/design.md §10): checking a code, one's own set-up, confirmation, recovery codes and
 * turning off, an administrator's reset and requirement. The sign-in that asks for a code is `SignInService`'s.
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
  async startSetup(viewer: SessionSubject): Promise<TwoFactorSetup> {
    return this.setUp(viewer.id, await this.#emailOf(viewer.id));
  }

  /**
   * Turns the pending set-up on with one of its codes; answers the ten recovery codes, shown this once. Every other
   * session of the user ends: one opened with the password alone must not outlive the second factor.
   */
  async confirm({ viewer, address }: Caller, code: string): Promise<TwoFactorRecoveryCodes> {
    const email = await this.#emailOf(viewer.id);
    const recoveryCodes = await this.enable(viewer.id, code, { email, address });
    await this.#deps.sessions.endSessionsOf(viewer.id, viewer.sessionId);
    return { recoveryCodes };
  }

  /** Turns one's second factor off, with a current code of the app. */
  async disable({ viewer, address }: Caller, code: string): Promise<void> {
    const { repository } = this.#deps;
    const row = await repository.find(viewer.id);
    if (!row?.enabledAt) throw new AppError('TWO_FACTOR_OFF');
    const email = await this.#emailOf(viewer.id);
    await this.#judge({ email, address }, () => this.#takeAppCode(viewer.id, row.secret, code));
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

  /** The second step a user's sign-in asks for: a code when theirs is on, a set-up when their role requires one. */
  async stepAtSignIn(user: { id: number; role: number }): Promise<'code' | 'setup' | null> {
    const { repository } = this.#deps;
    if (await repository.isEnabled(user.id)) return 'code';
    if (isStaff(user.role) && (await repository.required())) return 'setup';
    return null;
  }

  /**
   * Checks a code of a user whose second factor is on: an app's code, or a recovery code (used up), each once,
   * judged under the login limits of `attempt`; a wrong one is INVALID_TWO_FACTOR_CODE.
   */
  async verify(userId: number, code: string, attempt: CodeAttempt): Promise<void> {
    const { repository } = this.#deps;
    const row = await repository.find(userId);
    // Reset since the password was given: the sign-in starts again.
    if (!row?.enabledAt) throw new AppError('UNAUTHENTICATED', 'Sign in again');
    await this.#judge(attempt, () =>
      isAppCode(code)
        ? this.#takeAppCode(userId, row.secret, code)
        : repository
            .useRecoveryCode(userId, hashRecoveryCode(code))
            .then((used) => (used ? true : undefined)),
    );
  }

  /** A new pending secret for `userId`, its URI labelled with their `email`; 409 when theirs is on. */
  async setUp(userId: number, email: string): Promise<TwoFactorSetup> {
    const { repository, secretKey } = this.#deps;
    const secret = newSecret();
    if (!(await repository.startSetup(userId, sealSecret(secretKey, userId, secret)))) {
      throw new AppError('TWO_FACTOR_ON');
    }
    return { secret, uri: totpUri(secret, email) };
  }

  /**
   * The pending set-up's first code, judged under the login limits of `attempt`: right, the second factor turns on
   * with new recovery codes (answered in clear, this once). Ending other sessions is the caller's.
   */
  async enable(userId: number, code: string, attempt: CodeAttempt): Promise<string[]> {
    const { repository, clock } = this.#deps;
    const row = await repository.find(userId);
    if (!row) throw new AppError('TWO_FACTOR_OFF');
    if (row.enabledAt) throw new AppError('TWO_FACTOR_ON');
    await this.#judge(attempt, () => this.#takeAppCode(userId, row.secret, code));
    const codes = newRecoveryCodes();
    if (!(await repository.enable(userId, codes.map(hashRecoveryCode), clock()))) {
      throw new AppError('TWO_FACTOR_ON');
    }
    return codes;
  }

  /** One attempt at a code under the login limits: a wrong one (undefined) is a failure, a right one forgives. */
  #judge(
    { email, address, device = null }: CodeAttempt,
    judge: () => Promise<true | undefined>,
  ): Promise<true> {
    return this.#deps.limits.judge(
      email,
      address,
      device,
      judge,
      () => new AppError('INVALID_TWO_FACTOR_CODE'),
    );
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
